/** The build-time flags this app reads (vite.config.ts); `vite/client` types the rest of import.meta.env. */
interface ImportMetaEnv {
  /** '1' in the build the browser journeys run: actors record their transitions (src/dev/flow-record.ts). */
  readonly VITE_RECORD_FLOWS?: string;
}
