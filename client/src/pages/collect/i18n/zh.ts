import type { DeepStrings } from '../../../i18n/define.ts';
import type { collectEs } from './es.ts';

/** The order report page, in Chinese. */
export const collectZh: DeepStrings<typeof collectEs> = {
  collect: {
    title: '订单报表',
    loading: '计算中…',
    ranges: { today: '今天', week: '本周', month: '本月', custom: '自选日期' },
    from: '开始',
    to: '结束',
    show: '查看',
    rangeOrder: '开始日期不能晚于结束日期',
    rangeTooLong: '最多选择 400 天',
    period: '{{from}} 至 {{to}}',
    export: '导出 XLSX',
    retry: '重试',
    empty: '这些日期没有销售。',
    kpi: { sales: '销售额', bills: '账单数', people: '人数', averageTicket: '平均客单价', averagePerPerson: '人均消费' },
    sections: {
      hour: '按小时销售',
      weekday: '按星期销售',
      day: '按日期销售',
      channel: '按渠道销售',
      category: '按分类销售',
      topDishes: '畅销菜品',
      bottomDishes: '滞销菜品',
      table: '按桌台销售',
      staff: '按员工销售',
      method: '按支付方式收款',
      discounts: '折扣与赠送',
    },
    showChart: '图表',
    showTable: '表格',
    columns: { name: '项目', bills: '账单数', qty: '数量', payments: '笔数', amount: '金额' },
    total: '合计',
    weekdays: { d1: '星期一', d2: '星期二', d3: '星期三', d4: '星期四', d5: '星期五', d6: '星期六', d7: '星期日' },
    hub: '系统',
    customCategory: '自定义菜品',
    channels: { dineIn: '堂食', counter: '柜台（外带）', phone: '电话', web: '网店' },
    discounts: { line: '菜品折扣', order: '整单折扣', gifts: '赠送', returns: '退菜', refunds: '作废与退款', withdrawn: '撤单' },
  },
};
