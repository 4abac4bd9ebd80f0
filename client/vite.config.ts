// The client is built into the Python package, which serves it (passgo/web/app.py).
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    outDir: "../src/passgo/web/static",
    emptyOutDir: true,
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
});
