// What an expiring item is, as every compliance statement reads it: a certification's number,
// agency and type, or a test kit's serial, manufacturer and model (the other kind's are null).

export interface ItemFacts {
  number: string | null;
  agency: string | null;
  type: string | null;
  serial: string | null;
  manufacturer: string | null;
  model: string | null;
}

/** The item's facts out of a wider row. */
export const itemFacts = (row: ItemFacts): ItemFacts => ({
  number: row.number,
  agency: row.agency,
  type: row.type,
  serial: row.serial,
  manufacturer: row.manufacturer,
  model: row.model,
});
