import type { DeepStrings } from '../../../i18n/define.ts';
import type { tablesEs } from './es.ts';

/** The table overview: status names, the cards, opening a table, in Chinese. */
export const tablesZh: DeepStrings<typeof tablesEs> = {
  status: { '0': '已预订', '1': '空闲', '2': '待下单', '3': '就餐中', '4': '已预结', '5': '待清台' },
  tables: {
    all: '全部',
    allAreas: '全部区域',
    refresh: '刷新桌台',
    people: '{{count}} 人',
    seats: '{{count}} 座',
    empty: '还没有桌台，请老板在设置中添加。',
    loading: '正在加载桌台…',
    clearTitle: '清台 {{name}}？',
    clearBody: '清台后可接待新客人。',
    clear: '清台',
    noneMatch: '没有此状态的桌台',
  },
  open: {
    title: '开台 {{name}}',
    people: '就餐人数',
    customer: '客人姓名',
    gender: '性别',
    genders: { '0': '保密', '1': '男', '2': '女' },
    phone: '电话',
    reason: '就餐事由',
    reasons: { '': '无', business: '商务', date: '约会', family: '家庭', friends: '朋友', other: '其他' },
    remarks: '备注',
    minimum: '最低消费 {{amount}}',
    submit: '开台',
  },
};
