import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API_ORIGIN = 'http://127.0.0.1:4000';

/**
 * The tokens in index.html that the API server fills per request (brand variant by x-country).
 * The dev server has no API in front of it, so it fills them with the default brand instead;
 * `vite build` keeps them for the server.
 */
export const HTML_TOKENS = {
  '%CADENCE_TITLE%': 'Cadence',
  '%CADENCE_DESCRIPTION%':
    'Cadence puts your music on the streaming services and stores that matter, then shows your sales and pays you.',
  '%CADENCE_BRAND%': 'Cadence',
  '%CADENCE_FAVICON%': '/favicon.svg',
} as const;

function devHtmlDefaults(): Plugin {
  return {
    name: 'cadence-dev-html-defaults',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        Object.entries(HTML_TOKENS).reduce((out, [token, value]) => out.replaceAll(token, value), html),
    },
  };
}

/**
 * After the browser build, the same `vite build` also builds the server-rendering bundle
 * (src/entry-server.tsx into dist-ssr), which the API imports to render the public pages.
 * One command builds both, so the two can never come from different sources.
 */
function ssrBundle(): Plugin {
  return {
    name: 'cadence-ssr-bundle',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr && process.env.CADENCE_SKIP_SSR_BUILD !== '1',
    async closeBundle() {
      await build({
        configFile: resolve(import.meta.dirname, 'vite.config.ts'),
        logLevel: 'warn',
        build: {
          ssr: resolve(import.meta.dirname, 'src/entry-server.tsx'),
          outDir: resolve(import.meta.dirname, 'dist-ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
        },
      });
    },
  };
}

/**
 * React Router's package names its development build for every condition; the production build
 * beside it differs only in leaving out the development warnings (ENABLE_DEV_WARNINGS). The
 * browser build takes that one (issue 22: 0.4 KB less in the first load). Not the server-rendering
 * bundle, where react-router-dom stays external and must share one copy with it.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = resolve(import.meta.dirname, '../node_modules/react-router/dist/production');
  return {
    name: 'cadence-react-router-production',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: resolve(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: resolve(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    devHtmlDefaults(),
    reactRouterProductionBuild(),
    ssrBundle(),
    // Issue 22: every script, style and SVG also as .br and .gz, once at build time; the API sends
    // the one the browser accepts (api/src/http/compression.ts). index.html is filled per request
    // and compressed on the fly instead. Files under 1 KB stay plain, as on the fly.
    {
      ...compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|svg|json|txt|xml)$/,
        threshold: 1024,
        logLevel: 'silent',
      }),
      // Not for the server-rendering bundle, which never travels.
      apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    },
  ],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: API_ORIGIN },
      '/api': { target: API_ORIGIN },
    },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // Route modules are split by their `lazy: () => import(...)` in app/router.tsx; nothing else
    // is needed here for each area to load on demand.
    // Issue 22: no polyfill for <link rel=modulepreload> (every browser we support has it; one
    // without would only fetch those modules a moment later).
    modulePreload: { polyfill: false },
    // Issue 22: everything the entry imports statically is one file (with Rolldown's runtime
    // apart): six small shared chunks compressed separately cost 2 KB more than the same code in one.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] },
      },
    },
  },
});
