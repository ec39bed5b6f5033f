import type { DeepStrings } from '../../../i18n/define.ts';
import type { jobsEs } from './es.ts';

/** The stuck-jobs page (durable jobs, hub/jobs/README.md); kind names nest by their dots: `kinds.test.echo`, in Chinese. */
export const jobsZh: DeepStrings<typeof jobsEs> = {
  jobs: {
    title: '停滞的任务',
    hint: '系统无法自行完成的事项：打印、打开钱箱及其他发送。',
    empty: '没有停滞的任务。',
    queued_one: '队列中有 {{count}} 个任务',
    queued_other: '队列中有 {{count}} 个任务',
    retry: '重试',
    cancel: '取消',
    cancelTitle: '取消此任务？',
    cancelBody: '将不再尝试。',
    attempts_one: '尝试 {{count}} 次',
    attempts_other: '尝试 {{count}} 次',
    maybeDoneHint: '系统在执行时停止了：可能已经完成。重试前请先检查。',
    status: { pending: '等待中', running: '进行中', done: '已完成', failed: '失败', maybeDone: '可能已完成', cancelled: '已取消' },
    kinds: { test: { echo: '测试（写入）', mark: '测试（仅标记一次）' }, print: '打印', drawer: { kick: '打开钱箱' }, einvoice: { send: '向 SUNAT 发送票据', summary: '小票（boleta）每日汇总' } },
    reasons: {
      IO_ERROR: '无法写入',
      TIMEOUT: '未及时响应',
      DEVICE_OFFLINE: '设备无响应',
      NO_RUNNER: '本系统无法执行',
      INTERRUPTED: '已中断',
      UNKNOWN: '意外错误',
      UNREACHABLE: '打印机无响应（已关机或断开）',
      PAPER_OUT: '缺纸',
      COVER_OPEN: '纸仓盖未关',
      PRINTER_ERROR: '打印机报告错误',
      DEVICE_MISSING: 'USB 打印机未连接',
      PARTIAL_WRITE: '打印中途中断：重印前请检查纸张',
      NO_PRINTER: '打印机已不存在',
      SUNAT_UNREACHABLE: 'SUNAT 无响应（无网络）：恢复连接后将发送',
      CERT_MISSING: '缺少数字证书：请在“电子发票”中上传',
      SOL_MISSING: '缺少 SOL 用户：请在“电子发票”中填写',
      SUNAT_REJECTED: 'SUNAT 拒绝了该票据',
      SUNAT_FIX_NEEDED: 'SUNAT 要求更正后重新发送',
      SUNAT_PROCESSING: 'SUNAT 仍在处理汇总',
    },
  },
};
