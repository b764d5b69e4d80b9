import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written without a link from the bundles and moved out of dist (scripts/buildWeb.ts):
    // kept for reading stack traces, never served.
    sourcemap: 'hidden',
    // Lets the next build keep this one's hashed files for pages still open (scripts/buildWeb.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      // The API refuses writes from other origins: present the dev server's requests as the API's own.
      '/api': { target: 'http://localhost:3000', headers: { origin: 'http://localhost:3000' } },
      '/uploads': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true, headers: { origin: 'http://localhost:3000' } },
    },
  },
});
