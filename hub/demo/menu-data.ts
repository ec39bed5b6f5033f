/**
 * The demo restaurant: a small Peruvian menu with es/en/zh names. Prices in
 * céntimos. Used on first start with --demo, and by tests and benchmarks.
 */
export const DEMO_CATEGORIES = [
  { id: 'cat-entradas', names: { es: 'Entradas', en: 'Starters', zh: '前菜' } },
  { id: 'cat-fondos', names: { es: 'Platos de fondo', en: 'Main courses', zh: '主菜' } },
  { id: 'cat-chifa', names: { es: 'Chifa', en: 'Chifa', zh: '中式秘鲁菜' } },
  { id: 'cat-bebidas', names: { es: 'Bebidas', en: 'Drinks', zh: '饮料' } },
  { id: 'cat-postres', names: { es: 'Postres', en: 'Desserts', zh: '甜点' } },
] as const;

type DemoDish = [code: string, category: string, es: string, en: string, zh: string, priceCents: number];

export const DEMO_DISHES: DemoDish[] = [
  ['101', 'cat-entradas', 'Ceviche clásico', 'Classic ceviche', '经典酸橘汁腌鱼', 3200],
  ['102', 'cat-entradas', 'Causa limeña', 'Lima-style causa', '利马土豆饼', 1800],
  ['103', 'cat-entradas', 'Papa a la huancaína', 'Potatoes in huancaína sauce', '黄辣椒酱土豆', 1500],
  ['104', 'cat-entradas', 'Anticuchos', 'Beef heart skewers', '烤牛心串', 2200],
  ['105', 'cat-entradas', 'Leche de tigre', "Tiger's milk", '虎奶', 1600],
  ['106', 'cat-entradas', 'Tequeños', 'Cheese tequeños', '奶酪炸卷', 1400],
  ['201', 'cat-fondos', 'Lomo saltado', 'Stir-fried beef tenderloin', '秘鲁炒牛柳', 3800],
  ['202', 'cat-fondos', 'Ají de gallina', 'Creamy chili chicken', '辣味鸡肉酱', 2800],
  ['203', 'cat-fondos', 'Arroz con mariscos', 'Seafood rice', '海鲜饭', 3600],
  ['204', 'cat-fondos', 'Seco de cordero', 'Lamb stew with coriander', '香菜炖羊肉', 4200],
  ['205', 'cat-fondos', 'Tacu tacu con lomo', 'Tacu tacu with beef', '豆饭配牛柳', 3900],
  ['206', 'cat-fondos', 'Pollo a la brasa (1/4)', 'Rotisserie chicken (1/4)', '秘鲁烤鸡（四分之一）', 2400],
  ['301', 'cat-chifa', 'Arroz chaufa', 'Chaufa fried rice', '炒饭', 2200],
  ['302', 'cat-chifa', 'Tallarín saltado', 'Stir-fried noodles', '炒面', 2400],
  ['303', 'cat-chifa', 'Wantán frito', 'Fried wonton', '炸馄饨', 1500],
  ['304', 'cat-chifa', 'Sopa wantán', 'Wonton soup', '馄饨汤', 1800],
  ['305', 'cat-chifa', 'Pollo chijaukay', 'Chijaukay chicken', '炸鸡块配酱', 2900],
  ['306', 'cat-chifa', 'Kam lu wantán', 'Kam lu wonton', '甘露馄饨', 3100],
  ['401', 'cat-bebidas', 'Chicha morada (vaso)', 'Purple corn drink (glass)', '紫玉米汁（杯）', 600],
  ['402', 'cat-bebidas', 'Chicha morada (jarra)', 'Purple corn drink (jug)', '紫玉米汁（壶）', 1800],
  ['403', 'cat-bebidas', 'Inca Kola 500 ml', 'Inca Kola 500 ml', '印加可乐 500毫升', 500],
  ['404', 'cat-bebidas', 'Limonada frozen', 'Frozen lemonade', '冰沙柠檬水', 900],
  ['405', 'cat-bebidas', 'Pisco sour', 'Pisco sour', '皮斯科酸酒', 2000],
  ['406', 'cat-bebidas', 'Agua mineral', 'Mineral water', '矿泉水', 400],
  ['407', 'cat-bebidas', 'Cerveza Cusqueña', 'Cusqueña beer', '库斯科啤酒', 1000],
  ['501', 'cat-postres', 'Suspiro limeño', 'Suspiro limeño', '利马叹息甜点', 1200],
  ['502', 'cat-postres', 'Picarones', 'Picarones', '南瓜甜甜圈', 1300],
  ['503', 'cat-postres', 'Mazamorra morada', 'Purple corn pudding', '紫玉米布丁', 900],
  ['504', 'cat-postres', 'Arroz con leche', 'Rice pudding', '米布丁', 900],
  ['505', 'cat-postres', 'Helado de lúcuma', 'Lúcuma ice cream', '鸡蛋果冰淇淋', 1100],
];

export const DEMO_AREAS = [
  { id: 'area-salon', name: 'Salón' },
  { id: 'area-terraza', name: 'Terraza' },
] as const;

/** 8 tables in the dining room, 4 on the terrace; one private room with a minimum. */
export const DEMO_TABLES = [
  ...Array.from({ length: 8 }, (_, i) => ({ id: `t-s${i + 1}`, areaId: 'area-salon', name: `S${i + 1}`, seats: i < 6 ? 4 : 6 })),
  ...Array.from({ length: 4 }, (_, i) => ({ id: `t-t${i + 1}`, areaId: 'area-terraza', name: `T${i + 1}`, seats: 2 })),
];
