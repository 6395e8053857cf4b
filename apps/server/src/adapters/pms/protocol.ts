/**
 * The parking system's card interface as xpark speaks it (docs/modules/parking.md "PMS sync"): JSON
 * over HTTP, one card per request, keyed by tenant and card id, each carrying the card's version.
 *
 * - `PUT /cards/<tenant>/<id>` with a {@link PmsCard}: store it unless a newer version is stored
 *   (then it is ignored: `{ applied: false }`); 200 `{ ok: true, applied }`.
 * - `DELETE /cards/<tenant>/<id>?version=<n>`: cancel it, on the same rule.
 * - An error answers a non-2xx status with `{ ok: false, msg }`.
 */
export interface PmsCard {
  tenantId: string
  id: string
  version: number
  plate: string
  plateColor: number
  /** 0 fixed, 1 temporary, 2 stored value */
  cardType: number
  /** 0 fixed, 1 authorised */
  parkingType: number
  /** ISO instants or null */
  validFrom: string | null
  validTo: string | null
  holderName: string
}

export interface PmsReply {
  ok: boolean
  applied?: boolean
  msg?: string
}

export const cardPath = (tenantId: string, id: string) =>
  `/cards/${encodeURIComponent(tenantId)}/${encodeURIComponent(id)}`
