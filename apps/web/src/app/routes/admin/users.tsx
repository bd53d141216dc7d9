// Placeholder: replaced by the page's implementation.
export function Component() {
  return null;
}
