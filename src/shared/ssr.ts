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

/**
 * Where the screens rendered for their signed-in viewer live (the dashboard): the access token's screen cookie is sent
 * to this path only (docs/decisions/111-dashboard-rendered-for-its-viewer.md).
 */
export const VIEWER_SCREENS_PATH = "/dashboard";

/** Whether a page's path lies where the screen cookie goes: elsewhere no viewer can be recognised. */
export const isUnderViewerScreensPath = (pathname: string) =>
  pathname === VIEWER_SCREENS_PATH || pathname.startsWith(`${VIEWER_SCREENS_PATH}/`);

/**
 * The query parameters the pages the server renders read (the portfolio's and the blog's `category` and `page`, the
 * address a confirmation link fills in on /verify-email). The server renders and keeps a page by its path and these
 * only: any other parameter (a campaign's utm_source, or made-up ones to fill or get past the cache) is the same page.
 */
export const PAGE_QUERY_PARAMETERS = ["category", "email", "page"] as const;

/** The signed-in person a page is rendered for: the renderer asks the API as them, with their access token. */
export type PageViewer = { accessToken: string };

export type RenderRequest = {
  /** Path and query string of the page asked for. */
  url: string;
  /** Nonce allowed by this response's Content-Security-Policy for inline scripts. */
  nonce: string;
  publicOrigin: string;
  assets: PageAssets;
  /** Calls the app's own JSON API in process: the same routes the browser calls, as the viewer when a token is given. */
  fetchApi: (path: string, accessToken?: string) => Promise<{ status: number; body: unknown }>;
  /** Set when the page route recognised the signed-in person and the screen is rendered for them. */
  viewer?: PageViewer;
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

/**
 * Whether the screen at this path is rendered for its signed-in viewer when the page route recognises them (with
 * `viewer`, `render` then answers their page: their data, for no cache to keep).
 */
export type RendersForViewer = (url: string) => boolean;
