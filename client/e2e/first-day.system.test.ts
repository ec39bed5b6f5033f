import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { claimCodeFromSlip } from '#hub/testing/claim-slip.ts';
import type { Bill } from '#protocol';
import { useNewBox } from './first-day/box.ts';
import { Gallery, newDevice, shot } from './first-day/devices.ts';
import { bookWithDeposit, guestsArrive, openShift, orderWithPreset } from './first-day/front-of-house.ts';
import { cookOnTablet, ticketsNaming } from './first-day/kitchen.ts';
import { serveTable, splitInFacturas, type Diner } from './first-day/payments.ts';
import { closeWithBlindCount } from './first-day/shift-close.ts';
import { counted, countTapsAndKeys, tapCount } from './first-day/tap-counter.ts';
import { expectedFigures, printedAmount, printedZReport, typed, withDeposits } from './first-day/figures.ts';
import { asHub } from './hub-commands.ts';
import { signInWithKeypad } from './sign-in.ts';
import { claimFromSlip, createCategory, createDish, createFloor, createStaff, createStation, routeStation, type Dish, type Person } from './first-day/owner-setup.ts';

/**
 * Issue 18's "Must show": a restaurant's first day on a box claimed for real.
 * The hub starts without the demo and prints its setup slip on the printer
 * it found; the owner claims it from the slip's QR on the till (1280x800),
 * creates the floor, the kitchen station, two dishes, a waiter and a cook,
 * routes the kitchen's tickets to the printer and a screen. Then the first
 * lunch: a reservation whose S/ 60 deposit is paid by Yape, a waiter's phone
 * in Chinese ordering with 不辣 (the kitchen's screen and printed ticket say
 * "Sin picante"), one table's service counted in taps and keys with the
 * boleta by default, the family's table split in three facturas; and the
 * shift's blind close, every figure (hub totals, printed Z report, bills
 * list, tally) checked against what the test itself did. Screenshots of the
 * main steps at 360x740, 800x1280 and 1280x800 in es and zh go to
 * test-artifacts/screenshots/first-day-*. Decisions: first-day/README.md.
 */
const box = useNewBox('pos-first-day-');
const OWNER: Person = { name: 'Ana Ríos', code: '1', pin: '482915' };
const WAITER: Person = { name: 'Li Wei', code: '20', pin: '274913' };
const COOK: Person = { name: 'Rosa Quispe', code: '30', pin: '618254' };
const RESTAURANT = { name: 'Cevichería Mar', ruc: '20123456786' };
const CEVICHE: Dish = { code: '101', es: 'Ceviche clásico', en: 'Classic ceviche', zh: '经典酸橘汁腌鱼', price: '35' };
const CHICHA: Dish = { code: '401', es: 'Chicha morada', en: 'Purple corn drink', zh: '紫玉米饮料', price: '8.50' };

const DINERS: Diner[] = [
  { ruc: '20100070970', name: 'Supermercados Peruanos S.A.', method: 'visa' },
  { ruc: '20131312955', name: 'Superintendencia Nacional de Aduanas', method: 'cash' },
  { ruc: '20100047218', name: 'Banco de Crédito del Perú', method: 'visa' },
];

/** What the day set up, read by the later steps. */
const day = { base: '', stationId: '', till: undefined as Page | undefined, gallery: undefined as Gallery | undefined, bills: [] as Bill[] };
const FLOAT_CENTS = 10_000;
const DEPOSIT_CENTS = 6_000;
const till = (): Page => day.till!;

afterAll(async () => {
  await day.gallery?.close();
});

describe("a restaurant's first day", () => {
  it('the owner claims the box from its printed slip and sets the restaurant up on the till', async () => {
    const slip = await claimCodeFromSlip(box.printer);
    const { context, page } = await newDevice(box.browser, '1280x800', 'es');
    await countTapsAndKeys(context);
    day.till = page;
    // The QR names the hub as the box printed it; the till stays on that address.
    day.base = `${new URL(slip.qr).origin}/`;
    await claimFromSlip(page, slip.qr, slip.code, OWNER, RESTAURANT);
    expect(box.hub.engine.state.restaurant.name).toBe(RESTAURANT.name);

    await createFloor(page, day.base, { Salón: ['M1', 'M2'], Terraza: ['T1'] });
    await shot(page, 'floor', '1280x800', 'es');
    day.stationId = await createStation(page, box.hub, day.base, 'Cocina');
    await createCategory(page, day.base, { es: 'Platos', en: 'Dishes', zh: '菜品' });
    await createDish(page, day.base, CEVICHE, day.stationId);
    await createDish(page, day.base, CHICHA, day.stationId);
    await createStaff(page, day.base, WAITER, 'waiter');
    await createStaff(page, day.base, COOK, 'kitchen');
    await routeStation(page, box.hub, day.base, day.stationId, 'Pantalla cocina');

    const state = box.hub.engine.state;
    expect(Object.values(state.tables).map((t) => t.name).sort()).toEqual(['M1', 'M2', 'T1']);
    expect(Object.values(state.products).map((p) => [p.code, p.priceCents, p.station])).toEqual([
      ['101', 3500, day.stationId],
      ['401', 850, day.stationId],
    ]);
    expect(Object.values(state.staff).map((s) => [s.code, s.roleId]).sort()).toEqual([['1', 'owner'], ['20', 'waiter'], ['30', 'kitchen']]);
    expect(Object.values(state.printers).filter((p) => p.stations.includes(day.stationId)).map((p) => p.connection.type).sort()).toEqual(['network', 'screen']);
  });

  it('the first lunch: a deposit-backed reservation, a Chinese remark printed in Spanish, a boleta by default, a split in three facturas', async () => {
    const page = till();
    const stop = box.hub.engine.onChange((c) => {
      for (const e of c.events) if (e.type === 'order.settled') day.bills.push(e.bill);
    });
    // E-invoicing set up as the e-invoicing tests do (its pages and certificate are theirs to walk): the till then proposes the boleta.
    await asHub(box, 'fiscal.saveSettings', SAMPLE_FISCAL);
    await openShift(page, day.base, typed(FLOAT_CENTS));
    const tableId = (name: string) => Object.values(box.hub.engine.state.tables).find((t) => t.name === name)!.id;
    await bookWithDeposit(page, day.base, { name: 'Familia Chen', phone: '987654321', people: '3', deposit: typed(DEPOSIT_CENTS), tableId: tableId('M2'), operationNo: '00412345' });
    day.gallery = await Gallery.open(box.browser, day.base, OWNER);
    await day.gallery.shoot('floor', day.base, '#/pages/floor/index', 'floor-page');
    await day.gallery.shoot('book', day.base, '#/pages/dining_table/book', 'book-new');

    // The kitchen tablet and the waiter's phone (in Chinese) come in.
    const tablet = await newDevice(box.browser, '800x1280', 'es');
    await cookOnTablet(tablet.page, day.base, COOK, day.stationId);
    const phone = await newDevice(box.browser, '360x740', 'zh');
    await signInWithKeypad(phone.page, day.base, WAITER.code, WAITER.pin);

    // The family comes; the waiter orders on the phone in Chinese with 不辣 on the ceviche.
    await guestsArrive(page, 'Familia Chen');
    await orderWithPreset(phone.page, 'M2', [[CEVICHE.code, 3], [CHICHA.code, 3]], 'notSpicy');
    await phone.page.getByTestId('order-line').filter({ hasText: '不辣' }).waitFor();
    // The order page credits the deposit as the payment screen does: the waiter quotes what is left to pay.
    expect(await phone.page.getByTestId('order-total-deposit').textContent()).toBe(formatSoles(-DEPOSIT_CENTS));
    expect(await phone.page.getByTestId('order-total-due').textContent()).toBe(formatSoles(13050 - DEPOSIT_CENTS));
    await shot(phone.page, 'waiter-sent', '360x740', 'zh');
    // The kitchen reads it in Spanish, on its screen and on the printed ticket.
    const card = tablet.page.locator('[data-testid^="kds-ticket-"]').filter({ hasText: 'M2' });
    await card.filter({ hasText: 'Sin picante' }).waitFor();
    expect(await card.textContent()).not.toContain('不辣');
    // The kitchen calls the waiter who sent the dishes, not the owner who marked the guests' arrival.
    expect(await card.textContent()).toContain(WAITER.name);
    await shot(tablet.page, 'kitchen-screen', '800x1280', 'es');
    await expect.poll(() => ticketsNaming(box.printer, CEVICHE.es).length).toBe(1);
    const ticket = ticketsNaming(box.printer, CEVICHE.es)[0]!;
    expect(ticket).toMatch(/Mesa M2[\s\S]*3 × Ceviche clásico\n\s*Sin picante\n3 × Chicha morada/);
    expect(ticket).not.toContain('不辣');
    expect(ticket).toContain(WAITER.name);
    await card.getByTestId('kds-bump').click();
    await card.waitFor({ state: 'detached' });
    const m2Order = Object.values(box.hub.engine.state.orders).find((o) => o.tableId === tableId('M2'))!;
    await day.gallery.shoot('tables', day.base, '#/pages/dining_table/index', 'table-M2');
    // The app's addresses carry their query before the hash.
    await day.gallery.shoot('order', day.base, `?tableId=${tableId('M2')}#/pages/dining_table/dinner`, 'order-line');
    await day.gallery.shoot('kitchen', day.base, `?station=${day.stationId}#/pages/kitchen/display`, 'kds-board');
    await day.gallery.shoot('payment', day.base, `?orderId=${m2Order.id}#/pages/dining_table/payment`, 'quick-cash');

    // One table's service on the till, counted as the page hears it.
    await page.goto(`${day.base}#/pages/dining_table/index`);
    await page.getByTestId('table-M1').waitFor();
    const before = await tapCount(page);
    await serveTable(page, 'M1', [CEVICHE.code, CEVICHE.code, CHICHA.code], { amount: '30', operationNo: '40917733' }, '50');
    const service = counted(before, await tapCount(page));
    console.log(`one table's service (open, order 3 dishes, send, Yape and cash, boleta): taps: ${service.taps}, keys: ${service.keys} (issue 18: about 42 taps and 22 keys; Toast 25-30)`);
    expect(service.taps).toBeLessThanOrEqual(42);
    expect(await page.getByTestId('pay-document').textContent()).toMatch(/^Boleta B001-1$/);
    // The order page's "Enviado a cocina" does not linger over "Pago exitoso".
    expect(await page.getByTestId('toast').count()).toBe(0);
    await shot(page, 'boleta-done', '1280x800', 'es');
    await page.getByTestId('pay-done-ok').click();

    // The family splits the bill in three, each diner a factura with their RUC.
    await splitInFacturas(page, 'M2', DINERS);
    await shot(page, 'facturas-done', '1280x800', 'es');
    await expect.poll(() => day.bills.length).toBe(2);
    stop();
    const [boleta, split] = day.bills as [Bill, Bill];
    expect(boleta).toMatchObject({ tableName: 'M1', document: { kind: 'boleta' }, fiscal: { type: '03' } });
    expect(split.shares!.map((sh) => [sh.document?.kind, sh.document?.docId, sh.fiscal?.type])).toEqual(DINERS.map((d) => ['factura', d.ruc, '01']));
    await Promise.all([tablet.context.close(), phone.context.close()]);
  });

  it('the shift closes on a blind count and every figure agrees with what the day did', async () => {
    const page = till();
    const expected = withDeposits(
      expectedFigures(FLOAT_CENTS, [
        { dishesCents: [3500, 3500, 850], depositCents: 0, payments: [{ method: 'yape', amountCents: 3000 }, { method: 'cash', amountCents: 5000 }] },
        { dishesCents: [3500, 3500, 3500, 850, 850, 850], depositCents: DEPOSIT_CENTS, payments: DINERS.map((d) => ({ method: d.method, amountCents: (13050 - DEPOSIT_CENTS) / 3 })) },
      ]),
      [{ method: 'yape', amountCents: DEPOSIT_CENTS }],
    );
    expect(expected).toMatchObject({ salesCents: 20900, changeCents: 150, drawerByMethod: { cash: 17200, yape: 9000, visa: 4700 } });
    // The hub's running figures of the open shift.
    const open = box.hub.engine.state.openShift!;
    expect(open.totals).toMatchObject({ salesCount: expected.salesCount, salesCents: expected.salesCents, changeCents: expected.changeCents, depositsByMethod: expected.depositsByMethod });
    expect(open.totals.receivedByMethod.cash! - open.totals.changeCents).toBe(expected.netByMethod.cash);
    // The bills, as stored: their totals and their parts' documents add up.
    expect(day.bills.reduce((n, b) => n + b.totalCents, 0)).toBe(expected.salesCents);
    const split = day.bills[1]!;
    expect(split.shares!.reduce((n, sh) => n + sh.amountCents, 0) + split.depositCents).toBe(split.totalCents);

    const counts = Object.fromEntries(Object.entries(expected.drawerByMethod).map(([m, c]) => [m, typed(c)]));
    const closed = await closeWithBlindCount(page, day.base, counts);
    // Blind: nothing the shift expected was on the count dialog.
    expect(closed.dialogText).not.toContain('Esperado');
    for (const cents of Object.values(expected.drawerByMethod)) expect(closed.dialogText).not.toContain(formatSoles(cents));
    expect(closed.differences).toEqual(Object.fromEntries(Object.keys(counts).map((m) => [m, 'shift-even'])));
    await shot(page, 'shift-closed', '1280x800', 'es');
    const filed = box.hub.engine.recentFiledShifts().at(-1)!.shift;
    expect(Object.fromEntries(filed.counts.map((c) => [c.method, [c.countedCents, c.differenceCents]]))).toEqual(Object.fromEntries(Object.entries(expected.drawerByMethod).map(([m, c]) => [m, [c, 0]])));

    // The Z report printed at the close: sales and each method, cash net of the change.
    await expect.poll(() => printedZReport(box.printer), { timeout: 15_000 }).not.toBe('');
    const z = printedZReport(box.printer);
    const money = (cents: number) => formatSoles(cents);
    expect(printedAmount(z, 'Ventas')).toBe(money(expected.salesCents));
    expect(printedAmount(z, 'N.º de ventas')).toBe(String(expected.salesCount));
    expect(printedAmount(z, 'Vuelto entregado')).toBe(money(expected.changeCents));
    expect(printedAmount(z, 'Reservas (adelantos)')).toBe(money(DEPOSIT_CENTS));
    expect(printedAmount(z, 'Fondo inicial')).toBe(money(FLOAT_CENTS));
    expect(printedAmount(z, 'Efectivo')).toBe(money(expected.netByMethod.cash!));
    expect(printedAmount(z, 'Visa')).toBe(money(expected.netByMethod.visa!));
    expect(printedAmount(z, 'Yape')).toBe(money(expected.netByMethod.yape!));
    expect(printedAmount(z, 'Esperado')).toBe(money(expected.drawerByMethod.cash!));

    // The bills list and the day's tally say the same.
    await page.goto(`${day.base}#/pages/bill/index`);
    await expect.poll(() => page.getByTestId('bills-row').count()).toBe(2);
    const listed = await page.locator('.bills-total').allTextContents();
    expect(listed.map((t) => Math.round(Number(t.replace(/[^\d.]/g, '')) * 100)).reduce((a, b) => a + b, 0)).toBe(expected.salesCents);
    // The split's three facturas stay inside their column (they ran over "3 personas"), the full list in the title;
    // the deposit is named among its ways of payment, as the detail credits it.
    const splitRow = page.getByTestId('bills-row').filter({ hasText: 'F001-3' });
    const [docBox, peopleBox] = [await splitRow.getByTestId('bills-doc').boundingBox(), await splitRow.locator('.bills-people').boundingBox()];
    expect(docBox!.x + docBox!.width).toBeLessThanOrEqual(peopleBox!.x);
    expect(await splitRow.getByTestId('bills-doc').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await splitRow.getByTestId('bills-doc').getAttribute('title')).toBe('F001-1, F001-2, F001-3');
    expect(await splitRow.getByTestId('bills-method').textContent()).toContain('Adelanto de reserva');
    await page.goto(`${day.base}#/pages/tally/index`);
    await expect.poll(() => page.getByTestId('tally-deposits').textContent()).toBe(formatSoles(DEPOSIT_CENTS));
    expect(await page.getByTestId('tally-change').textContent()).toBe(formatSoles(expected.changeCents));
    const byMethod = await page.getByTestId('tally-by-method').innerText();
    for (const [name, method] of [['Efectivo', 'cash'], ['Visa', 'visa'], ['Yape', 'yape']] as const) expect(byMethod).toMatch(new RegExp(`${name}\\s+${formatSoles(expected.netByMethod[method]!).replace(/[/.]/g, '\\$&')}`));
    await day.gallery!.shoot('bills', day.base, '#/pages/bill/index', 'bills-row');
    await day.gallery!.shoot('tally', day.base, '#/pages/tally/index', 'tally-summary');
    await day.gallery!.shoot('shift', day.base, '#/pages/shift/index', 'shift-float');
  });
});
