// The package's build (`npm run build`, run by `npm pack` through prepack): Vite's library mode
// bundles the core and the React bindings, with the provider frontends the registry finds in
// adapters/*/frontend at build time, to ES modules in dist/; every npm package stays an import
// (the app installs them: peerDependencies). tsc writes the declarations (tsconfig.build.json).
import { defineConfig } from 'vite';

/** A bare specifier (`react`, `@apollo/client/react`): a package the app provides, never bundled. */
const isPackage = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id);

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: {
      entry: { index: 'core/index.ts', react: 'react/index.ts' },
      formats: ['es'],
    },
    rolldownOptions: {
      external: isPackage,
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
