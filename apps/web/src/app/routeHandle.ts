/** A route's `handle`: the screen name for the document title (the home page keeps the site title). */
export interface RouteHandle {
  title?: string;
}
