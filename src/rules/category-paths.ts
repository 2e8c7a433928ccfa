/** The listing route of a category: /store/category/{name}/{name}/{id}, the name URL-encoded. */
export function categoryPath(name: string, id: number): string {
  const encoded = encodeURIComponent(name);
  return `/store/category/${encoded}/${encoded}/${id}`;
}

/** Splits a dropdown's children into columns of `size` (the spec's columns of 5). */
export function columnsOf<T>(items: readonly T[], size = 5): T[][] {
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += size) columns.push(items.slice(i, i + size));
  return columns;
}
