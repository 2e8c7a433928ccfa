import { sql, type Selectable } from 'kysely';
import type { OrderItemsTable, SpeedType } from '../../db/schema.ts';
import { statementShape } from '../../db/statement-shapes.ts';
import { mailedDeliverableColumns, mailedItemColumns } from './order-confirmation.ts';

/** One vendor group's deliverable and its lines, as arrays in the lines' order (one text for any number of lines). */
export type DeliverableInsertParams = {
  orderId: number;
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
  offerIds: number[];
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

/** A line as the unnest of DeliverableInsertParams's arrays hands it out; `n` is its place in the group. */
type LineInput = Pick<
  Selectable<OrderItemsTable>,
  | 'offer_id'
  | 'variant_id'
  | 'product_id'
  | 'product_name'
  | 'bottle_size'
  | 'qty'
  | 'price_cents'
  | 'row_total_cents'
  | 'tax_cents'
  | 'wallet_entry_id'
> & { n: number };

/**
 * The deliverable and its items in one statement (decision 072), built once (issue 27): the items take the
 * deliverable's id from its insert's CTE and come from the arrays in their order (`with ordinality`), so their ids,
 * and the joined rows answered in id order, follow the group's lines.
 */
export const deliverableInsert = statementShape<DeliverableInsertParams>()((db, value) =>
  db
    .with('deliverable', (cte) =>
      cte
        .insertInto('order_deliverables')
        .values({
          order_id: value('orderId'),
          loc_id: value('locId'),
          vendor_name: value('vendorName'),
          speed: value('speed'),
          delivery_method: value('deliveryMethod'),
          delivery_date: value('deliveryDate'),
          slot_template_id: value('slotTemplateId'),
          slot_start: value('slotStart'),
          slot_end: value('slotEnd'),
          delivery_fee_cents: value('deliveryFeeCents'),
          packaging_fee_cents: value('packagingFeeCents'),
        })
        .returning(mailedDeliverableColumns),
    )
    .with('item', (cte) =>
      cte
        .insertInto('order_items')
        .columns([
          'order_id',
          'deliverable_id',
          'offer_id',
          'variant_id',
          'product_id',
          'product_name',
          'bottle_size',
          'qty',
          'price_cents',
          'row_total_cents',
          'tax_cents',
          'wallet_entry_id',
        ])
        .expression((eb) =>
          eb
            .selectFrom(
              sql<LineInput>`(select * from unnest(${value('offerIds')}::int[], ${value('variantIds')}::int[], ${value('productIds')}::int[],
                ${value('productNames')}::text[], ${value('bottleSizes')}::int[], ${value('quantities')}::int[],
                ${value('pricesCents')}::int[], ${value('rowTotalsCents')}::int[], ${value('taxesCents')}::int[],
                ${value('walletEntryIds')}::int[]) with ordinality
                as lines(offer_id, variant_id, product_id, product_name, bottle_size, qty, price_cents, row_total_cents, tax_cents,
                wallet_entry_id, n))`.as('line'),
            )
            .select([
              sql<number>`${value('orderId')}::int`.as('order_id'),
              eb.selectFrom('deliverable').select('deliverable.id').as('deliverable_id'),
              'line.offer_id',
              'line.variant_id',
              'line.product_id',
              'line.product_name',
              'line.bottle_size',
              'line.qty',
              'line.price_cents',
              'line.row_total_cents',
              'line.tax_cents',
              'line.wallet_entry_id',
            ])
            .orderBy('line.n'),
        )
        .returning(mailedItemColumns),
    )
    .selectFrom('item')
    .innerJoin('deliverable', 'deliverable.id', 'item.deliverable_id')
    .select([
      'item.id',
      'item.deliverable_id',
      'item.qty',
      'item.product_name',
      'item.bottle_size',
      'item.row_total_cents',
      'deliverable.delivery_method',
      'deliverable.vendor_name',
      'deliverable.delivery_date',
      'deliverable.slot_start',
      'deliverable.slot_end',
    ])
    .orderBy('item.id'),
);
