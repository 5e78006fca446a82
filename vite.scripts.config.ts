import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/build/precompress";

/**
 * The scripts of the pages that ship no React (the album's: decision 082),
 * written in TypeScript under app/scripts and built after the app
 * (`npm run build`) into build/client/scripts: the entry under a fixed name
 * (/scripts/album.js, which a page names in its HTML and the server keeps
 * for an hour, revalidated by its ETag), a library it loads only when needed
 * (tus-js-client) as a hashed chunk beside it.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    outDir: `${process.env.BUILD_DIR ?? "build"}/client/scripts`,
    emptyOutDir: true,
    target: "es2020",
    modulePreload: false,
    rollupOptions: {
      input: { album: "app/scripts/album.ts" },
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
  plugins: [precompressAssets(".")],
});
