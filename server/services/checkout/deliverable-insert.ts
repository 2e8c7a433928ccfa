import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { OrderDeliverablesTable, OrderItemsTable, SpeedType } from '../../db/schema.ts';
import type { MailedLines, mailedDeliverableColumns, mailedItemColumns } from './order-confirmation.ts';

/**
 * Every vendor group's deliverable and every line, as arrays: the groups in their order, the lines group by group in
 * the groups' order, each line naming its group by its vendor location (one group per location, vendorGroups). One
 * text for any number of groups and lines, so the order's insert stays one shape (statement-shapes.ts).
 */
export type DeliverableArrays = {
  groupLocIds: number[];
  vendorNames: string[];
  speeds: SpeedType[];
  deliveryMethods: string[];
  deliveryDates: (string | null)[];
  slotTemplateIds: (number | null)[];
  slotStarts: (string | null)[];
  slotEnds: (string | null)[];
  deliveryFeesCents: number[];
  packagingFeesCents: number[];
  lineLocIds: number[];
  lineOfferIds: number[];
  variantIds: number[];
  productIds: number[];
  productNames: string[];
  bottleSizes: number[];
  quantities: number[];
  pricesCents: number[];
  rowTotalsCents: number[];
  taxesCents: number[];
  walletEntryIds: (number | null)[];
};

/** A placeholder for one of the arrays, as the order's shape writes it. */
type ArrayValue = <Key extends keyof DeliverableArrays>(key: Key) => RawBuilder<DeliverableArrays[Key]>;

/**
 * The deliverables' insert, a CTE of the order's (decision 085: a statement of its own per group before). It takes the
 * order's id from `order_row`, the order's own insert CTE; the rows go in the groups' order (`with ordinality`), so
 * their ids follow it.
 */
export function deliverablesCte(value: ArrayValue): RawBuilder<WrittenDeliverable & { loc_id: number }> {
  return sql<
    WrittenDeliverable & { loc_id: number }
  >`(insert into order_deliverables (order_id, loc_id, vendor_name, speed, delivery_method, delivery_date,
      slot_template_id, slot_start, slot_end, delivery_fee_cents, packaging_fee_cents)
    select order_row.id, g.loc_id, g.vendor_name, g.speed, g.delivery_method, g.delivery_date, g.slot_template_id,
      g.slot_start, g.slot_end, g.delivery_fee_cents, g.packaging_fee_cents
    from order_row, unnest(${value('groupLocIds')}::int[], ${value('vendorNames')}::text[], ${value('speeds')}::text[],
      ${value('deliveryMethods')}::text[], ${value('deliveryDates')}::date[], ${value('slotTemplateIds')}::int[],
      ${value('slotStarts')}::text[], ${value('slotEnds')}::text[], ${value('deliveryFeesCents')}::int[],
      ${value('packagingFeesCents')}::int[]) with ordinality
      as g(loc_id, vendor_name, speed, delivery_method, delivery_date, slot_template_id, slot_start, slot_end,
      delivery_fee_cents, packaging_fee_cents, n)
    order by g.n
    returning id, loc_id, delivery_method, vendor_name, delivery_date, slot_start, slot_end)`;
}

/** The items' insert: each line takes its group's deliverable id by its location; ids follow the lines' order. */
export function itemsCte(value: ArrayValue): RawBuilder<WrittenItem> {
  return sql<WrittenItem>`(insert into order_items (order_id, deliverable_id, offer_id, variant_id, product_id, product_name, bottle_size,
      qty, price_cents, row_total_cents, tax_cents, wallet_entry_id)
    select order_row.id, deliverable.id, line.offer_id, line.variant_id, line.product_id, line.product_name,
      line.bottle_size, line.qty, line.price_cents, line.row_total_cents, line.tax_cents, line.wallet_entry_id
    from order_row, unnest(${value('lineLocIds')}::int[], ${value('lineOfferIds')}::int[], ${value('variantIds')}::int[],
      ${value('productIds')}::int[], ${value('productNames')}::text[], ${value('bottleSizes')}::int[],
      ${value('quantities')}::int[], ${value('pricesCents')}::int[], ${value('rowTotalsCents')}::int[],
      ${value('taxesCents')}::int[], ${value('walletEntryIds')}::int[]) with ordinality
      as line(loc_id, offer_id, variant_id, product_id, product_name, bottle_size, qty, price_cents, row_total_cents,
      tax_cents, wallet_entry_id, n)
    join deliverable on deliverable.loc_id = line.loc_id
    order by line.n
    returning id, deliverable_id, qty, product_name, bottle_size, row_total_cents)`;
}

type WrittenDeliverable = Pick<Selectable<OrderDeliverablesTable>, (typeof mailedDeliverableColumns)[number]>;
type WrittenItem = Pick<Selectable<OrderItemsTable>, (typeof mailedItemColumns)[number]>;

/** What the order's insert answers of its deliverables and items: each in id (insert) order, as JSON arrays. */
export const writtenDeliverables = sql<WrittenDeliverable[]>`(select coalesce(json_agg(json_build_object('id', d.id,
  'delivery_method', d.delivery_method, 'vendor_name', d.vendor_name, 'delivery_date', d.delivery_date,
  'slot_start', d.slot_start, 'slot_end', d.slot_end) order by d.id), '[]'::json) from deliverable d)`;
export const writtenItems = sql<WrittenItem[]>`(select coalesce(json_agg(json_build_object('id', i.id,
  'deliverable_id', i.deliverable_id, 'qty', i.qty, 'product_name', i.product_name, 'bottle_size', i.bottle_size,
  'row_total_cents', i.row_total_cents) order by i.id), '[]'::json) from item i)`;

/** A group as place order has it: its place in the order, its lines (the cart's) and what goes on its deliverable. */
export interface DeliverableGroup {
  locId: number;
  vendorName: string;
  speed: SpeedType;
  deliveryMethod: string;
  deliveryDate: string | null;
  slotTemplateId: number | null;
  slotStart: string | null;
  slotEnd: string | null;
  deliveryFeeCents: number;
  packagingFeeCents: number;
  lines: {
    cartRid: number;
    offerId: number;
    variantId: number;
    productId: number;
    name: string;
    bottleSize: number;
    qty: number;
    priceCents: number;
    taxCents: number;
    walletEntryId: number | null;
    sizeUnit: MailedLines['items'][number]['size_unit'];
  }[];
}

/** The groups as the insert's arrays: the lines flattened group by group, in the order the written rows come back. */
export function deliverableArrays(groups: readonly DeliverableGroup[]): DeliverableArrays {
  const lines = groups.flatMap((group) => group.lines.map((line) => ({ locId: group.locId, ...line })));
  return {
    groupLocIds: groups.map((g) => g.locId),
    vendorNames: groups.map((g) => g.vendorName),
    speeds: groups.map((g) => g.speed),
    deliveryMethods: groups.map((g) => g.deliveryMethod),
    deliveryDates: groups.map((g) => g.deliveryDate),
    slotTemplateIds: groups.map((g) => g.slotTemplateId),
    slotStarts: groups.map((g) => g.slotStart),
    slotEnds: groups.map((g) => g.slotEnd),
    deliveryFeesCents: groups.map((g) => g.deliveryFeeCents),
    packagingFeesCents: groups.map((g) => g.packagingFeeCents),
    lineLocIds: lines.map((l) => l.locId),
    lineOfferIds: lines.map((l) => l.offerId),
    variantIds: lines.map((l) => l.variantId),
    productIds: lines.map((l) => l.productId),
    productNames: lines.map((l) => l.name),
    bottleSizes: lines.map((l) => l.bottleSize),
    quantities: lines.map((l) => l.qty),
    pricesCents: lines.map((l) => l.priceCents),
    rowTotalsCents: lines.map((l) => l.priceCents * l.qty),
    taxesCents: lines.map((l) => l.taxCents),
    walletEntryIds: lines.map((l) => l.walletEntryId),
  };
}

/**
 * The written rows as the mail takes them, and cart line → order line (for the review step's substitution
 * preferences): the items come back in the arrays' line order, so the i-th written item is the i-th flattened line.
 */
export function writtenLines(
  groups: readonly DeliverableGroup[],
  deliverables: readonly WrittenDeliverable[],
  items: readonly WrittenItem[],
): { lineIds: Map<number, number>; lines: MailedLines } {
  const flat = groups.flatMap((group) => group.lines);
  const lineIds = new Map<number, number>();
  const mailedItems = items.map((item, i) => {
    const line = flat[i];
    if (line) lineIds.set(line.cartRid, item.id);
    return { ...item, size_unit: line?.sizeUnit ?? 'g' };
  });
  return { lineIds, lines: { deliverables: [...deliverables], items: mailedItems } };
}
