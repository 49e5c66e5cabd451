/** The contract between the server and the built server-side renderer of src/web. */

export type PageAssets = {
  /** The browser entry script. */
  entryScript: string;
  /** Scripts the entry imports, fetched in parallel with it. */
  modulePreloads: string[];
  stylesheets: string[];
  /** Each lazily loaded source file's chunk and the chunks it imports beyond the entry's, by manifest key. */
  lazyChunks: Record<string, string[]>;
};

export type RenderRequest = {
  /** Path and query string of the page asked for. */
  url: string;
  /** Nonce allowed by this response's Content-Security-Policy for inline scripts. */
  nonce: string;
  publicOrigin: string;
  assets: PageAssets;
  /** Calls the app's own JSON API in process: the same routes the browser calls. */
  fetchApi: (path: string) => Promise<{ status: number; body: unknown }>;
};

export type RenderResult = {
  status: number;
  html: string;
  /**
   * A signed-in screen: a window of another site that opened it may not keep a hold on it (Cross-Origin-Opener-Policy,
   * when it was opened from a page).
   */
  isolated: boolean;
};

export type RenderPage = (request: RenderRequest) => Promise<RenderResult>;
