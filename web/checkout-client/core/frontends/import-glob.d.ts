// Vite's build-time glob import, in the one form core/frontends/registry.ts uses. An ambient file
// (referenced from registry.ts) so that the package's emitted declarations do not carry it into
// the apps that install the package (Vite's own `vite/client` types declare `import.meta.glob`).
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: string }): Record<string, T>;
}
