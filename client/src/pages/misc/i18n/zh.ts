import type { DeepStrings } from '../../../i18n/define.ts';
import type { miscEs } from './es.ts';

/** A section that is not available yet, in Chinese. */
export const miscZh: DeepStrings<typeof miscEs> = {
  notAvailable: { title: '暂未开放', body: '此功能将在后续系统更新中提供。', back: '前往桌台' },
};
