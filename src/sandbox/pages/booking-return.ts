// The page that carries a booking return to the merchant's callback as the live service does: a
// form post with `response` and `status`. One inline script submits it at once; without
// JavaScript the buyer presses "Return to merchant".
import { escapeHtml, page } from './html.js';

export interface BookingReturnFields {
  response: string;
  status: string;
}

export function renderBookingReturnPage(callbackUrl: string, fields: BookingReturnFields, scriptNonce: string): string {
  const e = escapeHtml;
  return page(
    'Returning to the merchant',
    `<h1>Returning to the merchant</h1>
<p class="note">The payment is ${e(fields.status)}. Sending the result back to the merchant.</p>
<form id="booking-return" method="post" action="${e(callbackUrl)}">
  <input type="hidden" name="response" value="${e(fields.response)}">
  <input type="hidden" name="status" value="${e(fields.status)}">
  <div class="buttons"><button type="submit">Return to merchant</button></div>
</form>
<script nonce="${e(scriptNonce)}">document.getElementById('booking-return').submit();</script>`,
  );
}
