import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible store's HTTP API, path-style, for the backup target's tests: the
 * true edge of the system (a remote object store), behind the same S3 client the real target uses.
 * PutObject, GetObject, ListObjectsV2 (pages of three, to exercise continuation) and DeleteObjects;
 * signatures are not checked. Lists every request it served.
 */
export const startFakeS3 = async () => {
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const body = Buffer.concat(chunks);
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const id = `${bucket}/${key}`;
      if (req.method === 'PUT' && key) {
        objects.set(id, body);
        res.writeHead(200, { ETag: '"fake"' }).end();
      } else if (req.method === 'GET' && key) {
        const found = objects.get(id);
        if (!found) {
          res.writeHead(404, { 'Content-Type': 'application/xml' });
          res.end(xml('<Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>'));
        } else res.writeHead(200, { 'Content-Length': found.length }).end(found);
      } else if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = `${bucket}/${url.searchParams.get('prefix') ?? ''}`;
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const start = Number(url.searchParams.get('continuation-token') ?? 0);
        const page = keys.slice(start, start + 3);
        const more = start + 3 < keys.length;
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(
          xml(
            `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>` +
              (more ? `<NextContinuationToken>${start + 3}</NextContinuationToken>` : '') +
              page
                .map(
                  (k) =>
                    `<Contents><Key>${esc(k.slice(bucket!.length + 1))}</Key><Size>${objects.get(k)!.length}</Size></Contents>`,
                )
                .join('') +
              '</ListBucketResult>',
          ),
        );
      } else if (req.method === 'POST' && url.searchParams.has('delete')) {
        const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
          m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
        );
        for (const k of keys) objects.delete(`${bucket}/${k}`);
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(
          xml(`<DeleteResult>${keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('')}</DeleteResult>`),
        );
      } else {
        res
          .writeHead(400, { 'Content-Type': 'application/xml' })
          .end(xml('<Error><Code>NotImplemented</Code></Error>'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
