/**
 * The server's half of the prerendered screens (the landing, Deals and a live room): renders a
 * screen to HTML from its boot data, in the language and session it was asked for. Built by
 * `scripts/buildWeb.ts` into `web/ssr/` and loaded by `api/http/prerender.ts`; the browser
 * hydrates the HTML from the same boot data (main.tsx).
 *
 * The stores are module-wide, so pages are rendered one at a time: each render fills them,
 * renders, and puts them back.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './App.tsx';
import type { Boot } from './ssr/boot.ts';
import { applyBoot, clearBoot } from './ssr/boot.ts';
import { resetAllStores } from './stores/create.ts';

const html = async (url: string): Promise<string> => {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    // Whole, in place: React would otherwise move a large screen out of place to reveal it in steps.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
};

let queue: Promise<unknown> = Promise.resolve();

/** The screen at `url` as HTML (the inside of `#root`), rendered from `boot`. */
export const render = (url: string, boot: Boot): Promise<string> => {
  const run = queue.then(async () => {
    try {
      await applyBoot(boot);
      return await html(url);
    } finally {
      clearBoot();
      resetAllStores();
    }
  });
  queue = run.catch(() => undefined);
  return run;
};
