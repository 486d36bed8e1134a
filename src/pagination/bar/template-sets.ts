/**
 * The package's template sets (files in `views/pagination/`): each numbered template and the simple
 * one that replaces it for a paginator without a page count (`simplePaginate()`, cursor pages).
 * Laravel's names where it has them.
 * @internal
 */
export const TEMPLATE_SETS: Readonly<Record<string, string>> = {
  'pagination::default': 'pagination::simple',
  'pagination::bootstrap-5': 'pagination::simple-bootstrap-5',
  'pagination::bootstrap-4': 'pagination::simple-bootstrap-4',
  'pagination::plain': 'pagination::simple-plain',
}

/**
 * The template to render for `ref` (a template reference): a numbered template of the package's
 * sets becomes its simple one when the paginator has no page count; anything else stays.
 * @internal
 */
export function templateFor(ref: string, lengthAware: boolean): string {
  return lengthAware ? ref : Object.hasOwn(TEMPLATE_SETS, ref) ? TEMPLATE_SETS[ref] : ref
}
