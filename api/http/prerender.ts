/**
 * Prerendered screens (issue 20: usable within 1.5 s on a phone on 4G). The landing, Deals and a
 * live room arrive as HTML with their content already in it, rendered by the web client's own
 * components (web/src/entry-server.tsx, built into web/ssr/), and the browser hydrates that HTML
 * from the same boot data instead of waiting for its bundle, the session check and the screen's
 * data before it draws anything.
 *
 * The boot data is what the screen would have asked the API at load, asked here of the same
 * routes in-process with the visitor's cookie: the same answers, the same access checks. Anything
 * unexpected (no renderer built, a render error, an answer other than 200) falls back to the
 * plain shell, which renders in the browser as before.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, MiddlewareHandler } from 'hono';
import type { Boot } from '../contract/boot.ts';
import type { RoomSnapshot, RoomSummary, SessionResponse } from '../contract/index.ts';
import type { Logger } from '../logger.ts';
import { compressBody, pickEncoding, weightedNames } from './compression.ts';

type RoomList = { rooms: RoomSummary[]; server_time: number };
type Renderer = { render: (url: string, boot: Boot) => Promise<string> };
/** What answers the API's own routes in-process (the Hono app's `request`). */
type Ask = (path: string, init: RequestInit) => Response | Promise<Response>;

/** The screens prerendered, and the module of each in the client build (its styles and chunks are linked up front). */
const SCREENS: { match: (path: string) => boolean; module: string }[] = [
  { match: (p) => p === '/', module: 'src/screens/auth/Landing.tsx' },
  { match: (p) => p === '/deals', module: 'src/screens/deals/Deals.tsx' },
  { match: (p) => /^\/auction\/[A-Za-z0-9_-]{1,40}$/.test(p), module: 'src/screens/auction/Auction.tsx' },
];

/**
 * `<` and the JavaScript line separators escaped: boot data can never close its script element.
 * It is a data block (`type="application/json"`), which the page's Content-Security-Policy does
 * not govern, since it never runs.
 */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A visitor's language: the one chosen on this site (its cookie), else the first of the browser's we speak. */
export const visitorLang = (cookie: string | undefined, acceptLanguage: string | undefined): 'en' | 'ta' => {
  const chosen = /(?:^|;\s*)vetri\.lang=(en|ta)(?:;|$)/.exec(cookie ?? '')?.[1];
  if (chosen === 'en' || chosen === 'ta') return chosen;
  // The browser's languages by weight (a stable sort keeps its order among equals).
  const tags = [...weightedNames(acceptLanguage)]
    .filter(([, q]) => q > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([tag]) => tag.split('-')[0]);
  for (const base of tags) if (base === 'ta' || base === 'en') return base;
  return 'en';
};

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The client build's page (index.html), manifest and stylesheets, read again whenever a new build
 * lands. A prerendered page carries its styles inline: on 4G a stylesheet is one more round trip
 * (sharing the line with the bundle) before anything can be painted.
 */
const buildReader = (dist: string) => {
  let cached: { mtime: number; template: string; manifest: Manifest; css: Map<string, string | null> } | null = null;
  return () => {
    const index = join(dist, 'index.html');
    const mtime = statSync(index).mtimeMs;
    if (cached?.mtime !== mtime) {
      const manifestFile = join(dist, '.vite/manifest.json');
      cached = {
        mtime,
        template: readFileSync(index, 'utf8'),
        manifest: existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {},
        css: new Map(),
      };
    }
    const build = cached;
    /** A stylesheet's text to inline, or null to link it (missing, or it could close its own element). */
    const cssText = (file: string): string | null => {
      if (!build.css.has(file)) {
        const path = join(dist, file);
        const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
        build.css.set(file, text === null || /<\/style/i.test(text) ? null : text);
      }
      return build.css.get(file) ?? null;
    };
    const style = (file: string) => {
      const text = cssText(file);
      return text === null ? `<link rel="stylesheet" crossorigin href="/${file}">` : `<style>${text}</style>`;
    };
    return { template: build.template, manifest: build.manifest, style };
  };
};

/** A screen module's stylesheets and chunks, with everything they import (the entry's own excepted). */
const assetsFor = (manifest: Manifest, module: string): { css: string[]; chunks: string[] } => {
  const css = new Set<string>();
  const chunks = new Set<string>();
  const seen = new Set<string>(['index.html']);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunks.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(module);
  const entry = manifest['index.html'];
  const loaded = new Set([entry?.file, ...(entry?.imports ?? []).map((k) => manifest[k]?.file)]);
  return { css: [...css], chunks: [...chunks].filter((f) => !loaded.has(f)) };
};

export const prerenderScreens = (options: {
  dist: string;
  /** Where the server renderer's builds are (web/ssr). */
  ssrDir: string;
  ask: Ask;
  log: Logger;
}): MiddlewareHandler => {
  const { dist, ssrDir, ask, log } = options;
  const readBuild = buildReader(dist);
  // The renderer of the build in place (`current.json` names its folder): a new build, swapped in
  // while the server runs (scripts/buildWeb.ts), is imported from its own paths, so pages are
  // rendered by the build the browser runs, and never by a mix of two.
  const current = join(ssrDir, 'current.json');
  let loaded: { entry: string; renderer: Promise<Renderer | null> } | null = null;
  const loadRenderer = (): Promise<Renderer | null> => {
    if (!existsSync(current)) return Promise.resolve(null);
    const { build } = JSON.parse(readFileSync(current, 'utf8')) as { build: string };
    const entry = join(ssrDir, build, 'entry-server.js');
    if (loaded?.entry !== entry) {
      loaded = {
        entry,
        renderer: (import(pathToFileURL(entry).href) as Promise<Renderer>).catch((error: unknown) => {
          log.warn('prerender: the server renderer did not load; screens render in the browser', { error });
          return null;
        }),
      };
    }
    return loaded.renderer;
  };

  const json = async <T>(path: string, cookie: string): Promise<T | null> => {
    const res = await ask(path, { headers: cookie ? { cookie } : {} });
    return res.status === 200 ? ((await res.json()) as T) : null;
  };

  /** The boot data for `path`, or null when this visitor gets the plain shell there. */
  const bootFor = async (c: Context, path: string): Promise<Boot | null> => {
    const cookie = c.req.header('cookie') ?? '';
    const session = await json<SessionResponse>('/api/auth/session', cookie);
    if (!session) return null;
    // The language this browser shows, by the browser's own rule (web/src/i18n): the choice made on
    // the site (kept in a cookie beside localStorage), else the browser's languages. A member's
    // account language follows the screen (for mails), so it is not asked here.
    const lang = visitorLang(cookie, c.req.header('accept-language'));
    const base: Boot = { path, lang, now: Date.now(), session };
    // Members see Home at `/`, and only members open Deals and the rooms: everyone else, the shell.
    if (path === '/') return session.logged_in ? null : base;
    if (!session.logged_in) return null;
    if (path === '/deals') {
      const [upcoming, completed] = await Promise.all([
        json<RoomList>('/api/rooms?status=upcoming', cookie),
        json<RoomList>('/api/rooms?status=completed', cookie),
      ]);
      if (!upcoming || !completed) return null;
      return { ...base, now: upcoming.server_time, rooms: { upcoming: upcoming.rooms, completed: completed.rooms } };
    }
    const room = await json<RoomSnapshot>(`/api/rooms/${path.slice('/auction/'.length)}`, cookie);
    return room ? { ...base, room } : null;
  };

  return async (c, next) => {
    const path = c.req.path;
    const screen = SCREENS.find((s) => s.match(path));
    if (!screen || !existsSync(join(dist, 'index.html'))) return next();
    try {
      const render = await loadRenderer();
      if (!render) return next();
      const boot = await bootFor(c, path);
      if (!boot) return next();
      const url = `${path}${new URL(c.req.url).search}`;
      const markup = await render.render(url, boot);
      const { template, manifest, style } = readBuild();
      const assets = assetsFor(manifest, screen.module);
      const head = [
        ...assets.css.map(style),
        ...assets.chunks.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        `<script type="application/json" id="boot-data">${scriptJson(boot)}</script>`,
      ].join('');
      const page = template
        .replace(/<html lang="[^"]*">/, () => `<html lang="${boot.lang === 'ta' ? 'ta' : 'en'}">`)
        .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, file: string) => style(file))
        .replace('</head>', () => `${head}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      return send(c, page);
    } catch (error) {
      log.warn('prerender failed; the shell goes out instead', { error, path });
      return next();
    }
  };
};

/** The page, compressed as the browser takes it; never kept by shared caches (it carries the visitor's session). */
const send = (c: Context, page: string) => {
  const body = Buffer.from(page, 'utf8');
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': 'private, no-cache',
    Vary: 'Cookie, Accept-Encoding, Accept-Language',
    // The service worker keeps only the plain shell for offline use, never a page rendered for someone.
    'X-Prerendered': '1',
  };
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(new Uint8Array(body), 200, headers);
  const packed = compressBody(body, encoding);
  return c.body(new Uint8Array(packed), 200, { ...headers, 'Content-Encoding': encoding });
};
