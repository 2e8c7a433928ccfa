import type { Kysely } from 'kysely';
import type { CategoryNode } from '../../../src/api/contract/catalogue.contract.ts';
import type { Database } from '../../db/schema.ts';
import { categoryRows, type CategoryRow } from './catalogue-cache.ts';

/** Builds the tree from rows already in display order; children keep that order. Rows whose parent is missing are dropped. */
export function categoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const row of rows) nodes.set(row.id, { category_id: row.id, category_name: row.name, child: [] });
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    if (row.parent_id === null) roots.push(node);
    else nodes.get(row.parent_id)?.child.push(node);
  }
  return roots;
}

/** Every category as a tree, top level and children each by position. Categories are the same in every area. */
export async function categoryList(db: Kysely<Database>): Promise<CategoryNode[]> {
  return categoryTree(await categoryRows(db));
}

export interface CategoryInfo {
  id: number;
  name: string;
  /** Direct children, by position, each with its own children. */
  children: { id: number; name: string; children: { id: number; name: string }[] }[];
  /** Every category below this one (itself excluded). */
  descendantIds: number[];
}

/** The category with its children and everything below it, or undefined when there is no such category. */
export async function findCategory(db: Kysely<Database>, categoryId: number): Promise<CategoryInfo | undefined> {
  const rows = await categoryRows(db);
  const self = rows.find((r) => r.id === categoryId);
  if (!self) return undefined;
  const childrenOf = (id: number) => rows.filter((r) => r.parent_id === id);
  const descendants: number[] = [];
  const seen = new Set([categoryId]);
  const queue = [categoryId];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of childrenOf(next)) {
      // The seen set guards against a cycle in bad data.
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      descendants.push(child.id);
      queue.push(child.id);
    }
  }
  return {
    id: self.id,
    name: self.name,
    children: childrenOf(categoryId).map((c) => ({
      id: c.id,
      name: c.name,
      children: childrenOf(c.id).map((g) => ({ id: g.id, name: g.name })),
    })),
    descendantIds: descendants,
  };
}
