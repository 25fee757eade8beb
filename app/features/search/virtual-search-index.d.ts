// Built by scripts/build/search/vite-plugin-search-index.ts: the serialized MiniSearch index of a language.
declare module "virtual:areaoe-search/search-index-*" {
  const json: string;
  export default json;
}
