import { TIME_FORMAT } from "@market/contract";
import dayjs from "dayjs";

/** A message's time as the spec shows it: 'hh:mm a, DD MMM, YYYY' in the viewer's time zone. */
export const chatTime = (iso: string) => dayjs(iso).format(TIME_FORMAT);
