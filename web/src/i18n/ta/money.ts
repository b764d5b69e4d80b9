/** Tamil for the money area: English text (as written in `t('…')`) → Tamil. */
export const money: Record<string, string> = {};
