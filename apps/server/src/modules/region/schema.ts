import { index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core'

/** Administrative regions (global); the code is the key, provinces have parent_code '00'. */
export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    ancestors: varchar('ancestors', { length: 255 }).notNull().default(''),
    name: varchar('name', { length: 32 }).notNull(),
    provinceCode: varchar('province_code', { length: 12 }).notNull().default(''),
    provinceName: varchar('province_name', { length: 32 }).notNull().default(''),
    cityCode: varchar('city_code', { length: 12 }).notNull().default(''),
    cityName: varchar('city_name', { length: 32 }).notNull().default(''),
    districtCode: varchar('district_code', { length: 12 }).notNull().default(''),
    districtName: varchar('district_name', { length: 32 }).notNull().default(''),
    townCode: varchar('town_code', { length: 12 }).notNull().default(''),
    townName: varchar('town_name', { length: 32 }).notNull().default(''),
    villageCode: varchar('village_code', { length: 12 }).notNull().default(''),
    villageName: varchar('village_name', { length: 32 }).notNull().default(''),
    /** 1 province, 2 city, 3 district, 4 town, 5 village */
    regionLevel: smallint('region_level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode)],
)
