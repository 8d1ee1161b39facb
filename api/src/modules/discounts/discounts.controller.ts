import { Body, Param, Post, Put } from '@nestjs/common';
import {
  DISCOUNT_LIST_FILTERS,
  EXPORT_NAMES,
  DISCOUNT_SORTS,
  type DiscountCode,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { AdminController } from '../../common/admin-only.js';
import { DiscountsService } from './discounts.service.js';
import { DiscountInputDto } from './dto/discount-input.dto.js';

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

const columns: CsvColumn<DiscountCode>[] = [
  ...csvColumns<DiscountCode>('id', 'code', 'percentOff'),
  { header: 'amountOff', value: (d) => dollars(d.amountOffCents) },
  { header: 'minSubtotal', value: (d) => dollars(d.minSubtotalCents) },
  ...csvColumns<DiscountCode>('startsAt', 'endsAt', 'maxUses'),
  { header: 'oncePerEmail', value: (d) => String(d.oncePerEmail) },
  { header: 'productIds', value: (d) => d.productIds?.join(' ') ?? '' },
  { header: 'active', value: (d) => String(d.active) },
  { header: 'uses', value: (d) => d.uses },
];

export class DiscountListController extends AdminListController({
  path: 'admin/discounts',
  tag: 'admin: discounts',
  source: DiscountsService,
  filters: DISCOUNT_LIST_FILTERS,
  sorts: DISCOUNT_SORTS,
  columns,
  exportName: EXPORT_NAMES.discounts,
}) {}

@AdminController('admin/discounts', 'admin: discounts')
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Post()
  create(@Body() body: DiscountInputDto): Promise<DiscountCode> {
    return this.discounts.create(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: DiscountInputDto): Promise<DiscountCode> {
    return this.discounts.update(id, body);
  }
}
