import type { DeepStrings } from '../../../i18n/define.ts';
import type { miscEs } from './es.ts';

/** The misc pages (not available yet, account expired, app download), in Chinese. */
export const miscZh: DeepStrings<typeof miscEs> = {
  /** The left window (ui/SideNav.tsx): the tag of a section not built yet, the button that scrolls to the entries below. */
  sidenav: { soon: '即将推出', more: '更多' },
  notAvailable: { title: '暂未开放', body: '此功能将在后续系统更新中提供。', back: '前往桌台' },
  expire: {
    title: '账户已到期',
    body: '您的账户已到期，请通过银行转账付款。',
    after: '付款确认后请重新登录，餐厅数据会保留。',
    cash: '公司员工不收取现金付款。',
    signIn: '登录',
  },
  download: {
    title: '安装应用',
    body: '本系统在每台手机、平板和收银机的浏览器中运行，无需从应用商店下载。',
    address: '请在连接餐厅同一 Wi-Fi 的设备上打开此地址：',
    android: 'Android（Chrome）：打开浏览器菜单，选择"添加到主屏幕"。',
    iphone: 'iPhone 或 iPad（Safari）：点击"共享"，选择"添加到主屏幕"。',
    qr: '或用手机相机扫描此二维码：',
    browsers: '支持近两年的 Chrome 或 Edge（安卓、Windows、平板）以及 Safari（iPhone、iPad）。请勿使用省流量浏览器或无痕模式：它们会忘记设备的登录。',
    signIn: '登录',
  },
};
