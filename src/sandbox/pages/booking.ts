// The pages of E12 bookings: the payment page the buyer's browser shows after the booking form post
// (one form, `Pay` and `Fail`, the booking's fields signed so that a changed value is refused),
// and the return to the merchant.
import { escapeHtml, page } from './html.js';

export interface PaymentPageBooking {
  bookingId: number;
  orderNo: string;
  amount: string;
  currency: string;
  amountInr: string;
  merchant: string;
  buyerName: string;
  signature: string;
}

export function renderPaymentPage(booking: PaymentPageBooking, completePath: string): string {
  const e = escapeHtml;
  const converted = booking.currency === 'INR' ? '' : `<p class="converted">Charged as INR ${e(booking.amountInr)}</p>`;
  return page(
    'Sandbox payment',
    `<h1>Sandbox payment</h1>
<p class="note">This is the local sandbox: no money moves. Choose the outcome to send back.</p>
<dl>
  <dt>Merchant</dt><dd>${e(booking.merchant)}</dd>
  <dt>Order</dt><dd id="order-no">${e(booking.orderNo)}</dd>
  ${booking.buyerName ? `<dt>Buyer</dt><dd>${e(booking.buyerName)}</dd>` : ''}
</dl>
<p class="amount" id="amount">${e(booking.currency)} ${e(booking.amount)}</p>
${converted}
<form method="post" action="${e(completePath)}">
  <input type="hidden" name="bookingId" value="${booking.bookingId}">
  <input type="hidden" name="orderNo" value="${e(booking.orderNo)}">
  <input type="hidden" name="amount" value="${e(booking.amount)}">
  <input type="hidden" name="signature" value="${e(booking.signature)}">
  <div class="buttons">
  <button type="submit" name="outcome" value="pay">Pay</button>
  <button type="submit" name="outcome" value="fail">Fail</button>
  </div>
</form>`,
  );
}

/**
 * Carries a booking return to the merchant's callback as the live service does: a form post of
 * `response` and `status`, submitted at once by one inline script (else by "Return to merchant").
 */
export function renderBookingReturnPage(callbackUrl: string, fields: { response: string; status: string }, scriptNonce: string): string {
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
