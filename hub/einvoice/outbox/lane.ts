/** The one lane every e-invoice job waits in: one conversation with SUNAT at a time. */
export const SUNAT_LANE = 'sunat';
