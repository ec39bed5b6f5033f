import type { DeepStrings } from '../../../i18n/define.ts';
import type { licenceEs } from './es.ts';

/** The licence page and the fee notice, in Chinese. */
export const licenceZh: DeepStrings<typeof licenceEs> = {
  licence: {
    title: '设备授权',
    notice: '您的设备费即将到期，请扫码缴纳费用',
    noticeDays_one: '已付期限还剩 {{count}} 天（至 {{day}}）。',
    noticeDays_other: '已付期限还剩 {{count}} 天（至 {{day}}）。',
    grace: '已付期限于 {{day}} 结束。自 {{locked}} 起将无法开新订单。',
    expired: '您的账户已到期，请通过银行转账付款。',
    expiredKeeps: '无法开新桌台和新订单。已开的订单、日结、报表、导出、备份和电子发票照常可用。',
    open: '输入授权码',
    state: {
      demo: '演示：无到期日。',
      trial: '试用期至 {{day}}。',
      paid: '已付至 {{day}}。',
      notice: '已付至 {{day}}。',
      grace: '已于 {{day}} 到期：宽限期至 {{locked}}。',
      expired: '已于 {{day}} 到期，宽限期已于 {{locked}} 结束：不能开新订单。',
    },
    plan: {
      invoicing: '含电子发票和点餐的套餐',
      ordering: '点餐套餐（不含发票）',
      demo: '演示',
    },
    hubId: '本设备的编码（请告知您的供应商）：',
    sellerKey: '本设备接受的卖方密钥（供技术人员核对）：',
    code: '授权码',
    codeHint: '输入供应商给您的授权码，或用扫码枪扫描：会自动填入此栏。',
    submit: '激活',
    accepted: '授权已激活：已付至 {{day}}',
    failedToLoad: '无法读取授权信息。',
    cash: '公司员工不收取现金付款。',
  },
};
