import { defineMessages } from '../i18n/define.ts';

/** Texts of being signed in: who, sign out, switch user, pages a role may not open. */
export const authMessages = defineMessages({
  es: {
    signedInAs: 'Sesión de {{name}}',
    number: 'N.º {{code}}',
    signOut: 'Cerrar sesión',
    switchUser: 'Cambiar usuario',
    loading: 'Cargando…',
    noAccessTitle: 'Sin acceso',
    noAccessBody: 'Su rol no permite abrir esta sección. Pida acceso al dueño o al encargado.',
    nothingAllowed: 'Su rol aún no tiene ninguna sección. Pida acceso al dueño o al encargado.',
    back: 'Volver',
  },
  en: {
    signedInAs: 'Signed in: {{name}}',
    number: 'No. {{code}}',
    signOut: 'Sign out',
    switchUser: 'Switch user',
    loading: 'Loading…',
    noAccessTitle: 'No access',
    noAccessBody: 'Your role does not allow this section. Ask the owner or the manager for access.',
    nothingAllowed: 'Your role has no section yet. Ask the owner or the manager for access.',
    back: 'Back',
  },
  zh: {
    signedInAs: '当前用户：{{name}}',
    number: '{{code}} 号',
    signOut: '退出登录',
    switchUser: '切换用户',
    loading: '加载中…',
    noAccessTitle: '无权访问',
    noAccessBody: '您的角色无权打开此页面，请联系店主或店长开通。',
    nothingAllowed: '您的角色还没有可用的页面，请联系店主或店长开通。',
    back: '返回',
  },
});
