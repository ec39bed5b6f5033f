import type { OrderChannel, PayMethod } from '#protocol';

/**
 * The order report workbook's words in the hub's three languages (Spanish the
 * default): sheet names, column headers, the summary's concepts, weekdays and
 * payment methods. The page's own texts live in client/src/pages/collect/i18n/.
 */
export type ReportLang = 'es' | 'en' | 'zh';
export const REPORT_LANGS: readonly ReportLang[] = ['es', 'en', 'zh'];

type Texts = {
  sheets: { summary: string; hour: string; weekday: string; day: string; channel: string; category: string; dish: string; table: string; staff: string; method: string; members: string };
  col: { concept: string; value: string; hour: string; weekday: string; day: string; channel: string; category: string; dish: string; table: string; staff: string; method: string; bills: string; people: string; amount: string; qty: string; giftQty: string; giftAmount: string; returnQty: string; returnAmount: string; count: string; usd: string };
  summary: {
    from: string; to: string; sales: string; bills: string; people: string; averageTicket: string; averagePerPerson: string;
    goods: string; lineDiscounts: string; orderDiscounts: string; gifts: string; giftQty: string; tips: string; lunchBoxes: string;
    minSpendFees: string; deposits: string; received: string; change: string; returnQty: string; returns: string;
    withdrawnCount: string; withdrawn: string; onAccountCount: string; onAccount: string; refundCount: string; refunds: string;
  };
  weekdays: readonly [string, string, string, string, string, string, string];
  methods: Record<PayMethod, string>;
  hub: string;
  custom: string;
  /** Issue 21: where orders came in. */
  channels: Record<OrderChannel, string>;
  /** Issue 22: the members and coupons sheet's concepts ({{day}}: the day the balance is at the close of). */
  members: {
    recharges: string; rechargesBy: string; bonus: string; spent: string; refunded: string; adjusted: string; outstanding: string;
    couponsIssued: string; couponsRedeemed: string; couponsExpired: string;
  };
};

const es: Texts = {
  sheets: { summary: 'Resumen', hour: 'Por hora', weekday: 'Por día de semana', day: 'Por día', channel: 'Por canal', category: 'Por categoría', dish: 'Por plato', table: 'Por mesa', staff: 'Por personal', method: 'Por forma de pago', members: 'Socios y cupones' },
  col: { concept: 'Concepto', value: 'Valor', hour: 'Hora', weekday: 'Día de la semana', day: 'Día', channel: 'Canal', category: 'Categoría', dish: 'Plato', table: 'Mesa', staff: 'Personal', method: 'Forma de pago', bills: 'Cuentas', people: 'Personas', amount: 'Importe (S/)', qty: 'Cantidad', giftQty: 'Cortesías', giftAmount: 'Cortesías (S/)', returnQty: 'Devueltos', returnAmount: 'Devueltos (S/)', count: 'Pagos', usd: 'Dólares (US$)' },
  summary: {
    from: 'Desde', to: 'Hasta', sales: 'Ventas (S/)', bills: 'Cuentas cobradas', people: 'Personas', averageTicket: 'Ticket promedio (S/)', averagePerPerson: 'Promedio por persona (S/)',
    goods: 'Productos a precio de carta (S/)', lineDiscounts: 'Descuentos por plato (S/)', orderDiscounts: 'Descuentos por cuenta (S/)', gifts: 'Cortesías (S/)', giftQty: 'Cortesías (unidades)', tips: 'Propinas (S/)', lunchBoxes: 'Táperes (S/)',
    minSpendFees: 'Consumo mínimo (S/)', deposits: 'Adelantos aplicados (S/)', received: 'Recibido (S/)', change: 'Vuelto (S/)', returnQty: 'Devueltos (unidades)', returns: 'Devueltos (S/)',
    withdrawnCount: 'Pedidos retirados', withdrawn: 'Pedidos retirados (S/)', onAccountCount: 'Cuentas a crédito', onAccount: 'A crédito (S/)', refundCount: 'Anulaciones y devoluciones', refunds: 'Anulaciones y devoluciones (S/)',
  },
  weekdays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
  methods: { cash: 'Efectivo', usd: 'Dólares', visa: 'Visa', mastercard: 'Mastercard', otherCard: 'Otra tarjeta', yape: 'Yape', plin: 'Plin', transfer: 'Transferencia', balance: 'Saldo', onAccount: 'A cuenta' },
  hub: 'Sistema',
  custom: 'Platos libres',
  channels: { dineIn: 'En mesa', counter: 'Mostrador', phone: 'Teléfono', web: 'Web' },
  members: {
    recharges: 'Recargas', rechargesBy: 'Recargas en {{method}}', bonus: 'Bonificación abonada', spent: 'Saldo consumido', refunded: 'Devuelto al saldo', adjusted: 'Ajustes (neto)',
    outstanding: 'Saldo de socios al cierre del {{day}} (pasivo)', couponsIssued: 'Cupones emitidos', couponsRedeemed: 'Cupones canjeados', couponsExpired: 'Cupones vencidos sin usar',
  },
};

const en: Texts = {
  sheets: { summary: 'Summary', hour: 'By hour', weekday: 'By weekday', day: 'By day', channel: 'By channel', category: 'By category', dish: 'By dish', table: 'By table', staff: 'By staff', method: 'By method', members: 'Members and coupons' },
  col: { concept: 'Item', value: 'Value', hour: 'Hour', weekday: 'Weekday', day: 'Day', channel: 'Channel', category: 'Category', dish: 'Dish', table: 'Table', staff: 'Staff', method: 'Payment method', bills: 'Bills', people: 'People', amount: 'Amount (S/)', qty: 'Quantity', giftQty: 'Gifted', giftAmount: 'Gifted (S/)', returnQty: 'Returned', returnAmount: 'Returned (S/)', count: 'Payments', usd: 'Dollars (US$)' },
  summary: {
    from: 'From', to: 'To', sales: 'Sales (S/)', bills: 'Bills paid', people: 'People', averageTicket: 'Average ticket (S/)', averagePerPerson: 'Average per person (S/)',
    goods: 'Goods at menu price (S/)', lineDiscounts: 'Dish discounts (S/)', orderDiscounts: 'Bill discounts (S/)', gifts: 'Gifts (S/)', giftQty: 'Gifts (portions)', tips: 'Tips (S/)', lunchBoxes: 'Lunch boxes (S/)',
    minSpendFees: 'Minimum spend fees (S/)', deposits: 'Deposits credited (S/)', received: 'Received (S/)', change: 'Change given (S/)', returnQty: 'Returned (portions)', returns: 'Returned (S/)',
    withdrawnCount: 'Withdrawn orders', withdrawn: 'Withdrawn orders (S/)', onAccountCount: 'Bills on account', onAccount: 'On account (S/)', refundCount: 'Voids and refunds', refunds: 'Voids and refunds (S/)',
  },
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  methods: { cash: 'Cash', usd: 'Dollars', visa: 'Visa', mastercard: 'Mastercard', otherCard: 'Other card', yape: 'Yape', plin: 'Plin', transfer: 'Bank transfer', balance: 'Balance', onAccount: 'On account' },
  hub: 'System',
  custom: 'Custom dishes',
  channels: { dineIn: 'Dine-in', counter: 'Counter', phone: 'Phone', web: 'Web' },
  members: {
    recharges: 'Recharges', rechargesBy: 'Recharges by {{method}}', bonus: 'Bonus credited', spent: 'Balance spent', refunded: 'Refunded to balance', adjusted: 'Adjustments (net)',
    outstanding: "Members' balance at the close of {{day}} (liability)", couponsIssued: 'Coupons issued', couponsRedeemed: 'Coupons redeemed', couponsExpired: 'Coupons expired unused',
  },
};

const zh: Texts = {
  sheets: { summary: '汇总', hour: '按小时', weekday: '按星期', day: '按日期', channel: '按渠道', category: '按分类', dish: '按菜品', table: '按桌台', staff: '按员工', method: '按支付方式', members: '会员与优惠券' },
  col: { concept: '项目', value: '数值', hour: '小时', weekday: '星期', day: '日期', channel: '渠道', category: '分类', dish: '菜品', table: '桌台', staff: '员工', method: '支付方式', bills: '账单数', people: '人数', amount: '金额 (S/)', qty: '数量', giftQty: '赠送数量', giftAmount: '赠送金额 (S/)', returnQty: '退菜数量', returnAmount: '退菜金额 (S/)', count: '笔数', usd: '美元 (US$)' },
  summary: {
    from: '开始日期', to: '结束日期', sales: '销售额 (S/)', bills: '已结账单', people: '人数', averageTicket: '平均客单价 (S/)', averagePerPerson: '人均消费 (S/)',
    goods: '菜品原价合计 (S/)', lineDiscounts: '菜品折扣 (S/)', orderDiscounts: '整单折扣 (S/)', gifts: '赠送 (S/)', giftQty: '赠送 (份)', tips: '小费 (S/)', lunchBoxes: '餐盒 (S/)',
    minSpendFees: '最低消费补足 (S/)', deposits: '已抵扣定金 (S/)', received: '实收 (S/)', change: '找零 (S/)', returnQty: '退菜 (份)', returns: '退菜 (S/)',
    withdrawnCount: '撤单数', withdrawn: '撤单金额 (S/)', onAccountCount: '挂账账单', onAccount: '挂账 (S/)', refundCount: '作废与退款', refunds: '作废与退款 (S/)',
  },
  weekdays: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
  methods: { cash: '现金', usd: '美元', visa: 'Visa', mastercard: 'Mastercard', otherCard: '其他银行卡', yape: 'Yape', plin: 'Plin', transfer: '银行转账', balance: '余额', onAccount: '挂账' },
  hub: '系统',
  custom: '自定义菜品',
  channels: { dineIn: '堂食', counter: '柜台', phone: '电话', web: '网店' },
  members: {
    recharges: '充值', rechargesBy: '充值（{{method}}）', bonus: '赠送金额', spent: '余额消费', refunded: '退回余额', adjusted: '调整（净额）',
    outstanding: '{{day}}营业结束时会员余额（负债）', couponsIssued: '发放优惠券', couponsRedeemed: '已核销优惠券', couponsExpired: '过期未用优惠券',
  },
};

export const REPORT_TEXTS: Record<ReportLang, Texts> = { es, en, zh };

/** The locale each workbook language writes its days in: Peru's for Spanish (28/11/2026). */
const DAY_LOCALE: Record<ReportLang, string> = { es: 'es-PE', en: 'en-US', zh: 'zh-CN' };

/**
 * A business day (YYYY-MM-DD) as the workbook's language writes it, never ISO
 * (issue 18 item 16): 28/11/2026 in Spanish, 11/28/2026 in English, 2026/11/28
 * in Chinese. The day itself (read at noon UTC): no zone moves it.
 */
export function reportDayText(day: string, lang: ReportLang): string {
  const at = Date.parse(`${day}T12:00:00Z`);
  return Number.isNaN(at) ? day : new Date(at).toLocaleDateString(DAY_LOCALE[lang], { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
}
