import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('taste_scale', 'integer', (c) => c.check(sql`taste_scale between 1 and 5`))
    .addColumn('skill_scale', 'integer', (c) => c.check(sql`skill_scale between 1 and 5`))
    .addColumn('time_minutes', 'integer', (c) => c.check(sql`time_minutes > 0`))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_vector', sql`tsvector`)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('products_search_idx').on('products').using('gin').column('search_vector').execute();
  await sql`create index products_name_trgm_idx on products using gin (lower(name) gin_trgm_ops)`.execute(db);
  await db.schema.createIndex('products_popularity_idx').on('products').columns(['popularity desc', 'id']).execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addPrimaryKeyConstraint('product_categories_pk', ['category_id', 'product_id'])
    .execute();
  await db.schema.createIndex('product_categories_product_idx').on('product_categories').column('product_id').execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_images_product_idx').on('product_images').columns(['product_id', 'position']).execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('bottle_size', 'integer', (c) => c.notNull().check(sql`bottle_size >= 0`))
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('product_category', 'text', (c) => c.notNull())
    .addColumn('country_of_manufacture', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('maximum_price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_variants_product_idx').on('product_variants').columns(['product_id', 'bottle_size']).execute();

  await db.schema
    .createTable('vendors')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('local', 'courier', 'farm-direct')`))
    .execute();

  await db.schema
    .createTable('vendor_locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('telephone', 'text', (c) => c.notNull())
    .addColumn('price_category', 'integer', (c) => c.notNull().check(sql`price_category between 1 and 5`))
    .addColumn('ships_nationwide', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('service_areas')
    .addColumn('zipcode', 'text', (c) => c.primaryKey())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .execute();
  await db.schema.createIndex('service_areas_city_idx').on('service_areas').columns(['state', 'city']).execute();

  await db.schema
    .createTable('variant_offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('loc_id', 'integer', (c) => c.notNull().references('vendor_locations.id'))
    .addColumn('area_loc_id', 'integer', (c) => c.references('vendor_locations.id'))
    .addColumn('speed', 'text', (c) => c.notNull().check(sql`speed in ('local', 'courier', 'farm-direct')`))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addUniqueConstraint('variant_offers_unique', ['variant_id', 'loc_id', 'speed'])
    .execute();
  await db.schema.createIndex('variant_offers_variant_idx').on('variant_offers').columns(['variant_id', 'area_loc_id']).execute();
  await db.schema.createIndex('variant_offers_area_idx').on('variant_offers').columns(['area_loc_id', 'variant_id']).execute();

  await db.schema
    .createTable('related_products')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('related_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('related_products_pk', ['product_id', 'related_id'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ads',
    'banners',
    'related_products',
    'variant_offers',
    'service_areas',
    'vendor_locations',
    'vendors',
    'product_variants',
    'product_images',
    'product_categories',
    'products',
    'categories',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
