// What a route module says about itself through React Router's `handle` export.

export type RouteHandle = {
  /**
   * Its answers may be kept and served again while nothing in the database has changed (the answer
   * memo, app/pipeline/answer-memo.server.ts): its loader reads nothing but the database, the URL and
   * the request's cookies (no clock finer than the minute, no outside service, no per-request state).
   * A page is kept only when every route it matches says so.
   */
  memo?: boolean;
};
