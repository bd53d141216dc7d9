import type { OrderShipment } from "@market/contract";

/** The parcel of a row that holds an order's shipment columns; null until its shop gave it. */
export function shipmentOf(r: {
  shipment_carrier: string | null;
  shipment_tracking_number: string | null;
  shipment_tracking_url: string | null;
}): OrderShipment | null {
  return r.shipment_carrier && r.shipment_tracking_number
    ? {
        carrier: r.shipment_carrier,
        tracking_number: r.shipment_tracking_number,
        tracking_url: r.shipment_tracking_url,
      }
    : null;
}
