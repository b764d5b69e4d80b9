/** Tamil for the shop area: English text (as written in `t('…')`) → Tamil. */
export const shop: Record<string, string> = {};
