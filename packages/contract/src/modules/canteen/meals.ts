import { z } from 'zod'
import {
  cents,
  choice,
  day,
  optionalChoice,
  optionalText,
  reference,
  requiredLink,
  requiredText,
  sort,
  wholeNumber,
  wire,
} from '../../fields.js'
import { defineContract } from '../../kit.js'
import { audit, clock, mealType, optionalRef } from './food.js'

/** Meals: phases, meal settings, pictures, notices, holidays, meal times, the food published. */

export const phaseContract = defineContract({
  path: 'andchu/setting/phase',
  code: 'canteen_phase',
  form: z.object({
    canteenId: reference('please select canteen'),
    name: requiredText('please enter name', 64),
    startTime: clock('startTime'),
    endTime: clock('endTime'),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    name: wire.text,
    startTime: wire.text,
    endTime: wire.text,
    ...audit,
  }),
  filters: { name: 'like', canteenId: 'eq' },
  routes: { select: 'allList' },
})

export const mealContract = defineContract({
  path: 'andchu/setting/meal',
  code: 'canteen_meal',
  form: z.object({
    canteenId: reference('please select canteen'),
    name: requiredText('please enter name', 32),
    mealType,
    /** 1 ordered ahead, 2 on site */
    mealMode: choice('please select meal mode', 1, 2),
    startTime: clock('startTime'),
    endTime: clock('endTime'),
    orderDeadline: z.union([clock('orderDeadline'), z.literal('')]).optional(),
    price: cents('price').optional(),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    name: wire.text,
    mealType: wire.number,
    mealMode: wire.number,
    startTime: wire.text,
    endTime: wire.text,
    orderDeadline: wire.text,
    price: wire.number,
    ...audit,
  }),
  filters: { name: 'like', canteenId: 'eq', mealType: 'eq', mealMode: 'eq' },
  routes: { select: 'selectByModeAndType' },
})

export const imageSettingContract = defineContract({
  path: 'andchu/setting/img',
  code: 'canteen_img',
  form: z.object({
    name: requiredText('please enter name', 64),
    url: requiredLink('url', 'please upload a picture'),
    imgType: optionalChoice('imgType: 1 to 9', 1, 9),
    sort,
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    url: wire.text,
    imgType: wire.number,
    sort: wire.number,
    ...audit,
  }),
  filters: { name: 'like', imgType: 'eq' },
})

export const noticeContract = defineContract({
  path: 'andchu/notice',
  code: 'canteen_notice',
  label: 'title',
  form: z.object({
    title: requiredText('please enter title', 128),
    content: optionalText('content', 4000),
    canteenId: optionalRef,
  }),
  row: z.object({
    id: wire.id,
    title: wire.text,
    content: wire.text,
    canteenId: wire.optionalId,
    canteenName: wire.optionalText,
    ...audit,
  }),
  filters: { title: 'like', canteenId: 'eq' },
})

export const holidayContract = defineContract({
  path: 'andchu/holiday',
  code: 'canteen_holiday',
  label: 'holidayDate',
  form: z.object({
    holidayDate: day('holidayDate'),
    name: requiredText('please enter name', 64),
    dayType: choice('dayType: 1 or 2', 1, 2),
  }),
  row: z.object({ id: wire.id, holidayDate: wire.text, name: wire.text, dayType: wire.number, ...audit }),
  filters: { name: 'like', holidayDate: 'eq', dayType: 'eq' },
  sorts: ['holidayDate'],
  excel: { import: 'importHoliday', template: 'export-template' },
})

export const mealTimeContract = defineContract({
  path: 'blade-mealTime/mealTime',
  code: 'canteen_meal_time',
  form: z.object({
    name: requiredText('please enter name', 32),
    mealType,
    startTime: clock('startTime'),
    endTime: clock('endTime'),
  }),
  row: z.object({
    id: wire.id,
    name: wire.text,
    mealType: wire.number,
    startTime: wire.text,
    endTime: wire.text,
    ...audit,
  }),
  filters: { name: 'like', mealType: 'eq' },
})

const publishLineRow = z.object({
  id: wire.id,
  publishId: wire.id,
  foodId: wire.id,
  foodName: wire.text,
  price: wire.number,
  stock: wire.number,
  sold: wire.number,
})

/** The food a canteen serves on a date at a meal (header) and its dishes (lines). */
export const publishContract = defineContract({
  path: 'andchu/publish',
  code: 'canteen_publish',
  label: 'publishDate',
  form: z.object({
    canteenId: reference('please select canteen'),
    publishDate: day('publishDate'),
    mealType,
    remark: optionalText('remark', 255),
  }),
  row: z.object({
    id: wire.id,
    canteenId: wire.id,
    canteenName: wire.optionalText,
    publishDate: wire.text,
    mealType: wire.number,
    foodCount: wire.number,
    remark: wire.text,
    ...audit,
  }),
  filters: { canteenId: 'eq', publishDate: 'eq', mealType: 'eq' },
  sorts: ['publishDate', 'mealType', 'createTime'],
  lines: {
    field: 'foods',
    key: 'publishId',
    form: z.object({
      foodId: reference('please select food'),
      price: cents('price').optional(),
      /** 0: no limit */
      stock: wholeNumber('stock', 0, 100_000).optional(),
    }),
    row: publishLineRow,
    max: 200,
  },
})

/** One published dish, on its own. */
export const publishFoodContract = defineContract({
  path: 'andchu/publishFood',
  code: 'canteen_publish_food',
  label: 'foodName',
  form: z.object({
    publishId: reference('please select publish'),
    foodId: reference('please select food'),
    price: cents('price').optional(),
    stock: wholeNumber('stock', 0, 100_000).optional(),
  }),
  row: publishLineRow,
  filters: { publishId: 'eq', foodId: 'eq', foodName: 'like' },
  routes: { page: false },
})

/** POST autoPublish: repeat each meal's latest menu on the dates in range that have none (days off skipped). */
export const AutoPublishForm = z.object({
  canteenId: reference('please select canteen'),
  startDate: day('startDate'),
  endDate: day('endDate'),
  mealTypes: z.array(mealType).max(4).optional(),
})

export type PhaseRow = z.infer<typeof phaseContract.row>
export type MealRow = z.infer<typeof mealContract.row>
export type ImageSettingRow = z.infer<typeof imageSettingContract.row>
export type NoticeRow = z.infer<typeof noticeContract.row>
export type HolidayRow = z.infer<typeof holidayContract.row>
export type MealTimeRow = z.infer<typeof mealTimeContract.row>
export type PublishRow = z.infer<typeof publishContract.row>
export type PublishFoodRow = z.infer<typeof publishFoodContract.row>
