/** Links the field history gives, built by the page (features do not know the routes). */
export interface FieldLinks {
  /** The object's Versions tab at a version. */
  version: (resourceVersion: string) => string;
  /** The timeline at a reconcile. */
  reconcile: (reconcileId: string) => string;
}
