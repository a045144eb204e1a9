// The E12 payment page: what the buyer's browser shows after the booking form post. One form,
// two buttons (`Pay`, `Fail`), the booking's fields signed so that a changed value is refused.
import { escapeHtml } from './html.js';

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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  .amount { font-size: 2rem; margin: .5rem 0; }
  .note { color: #666; font-size: .9rem; }
  button { font-size: 1rem; padding: .6rem 1.4rem; margin-right: .6rem; cursor: pointer; }
</style>
</head>
<body>
<h1>Sandbox payment</h1>
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
  <button type="submit" name="outcome" value="pay">Pay</button>
  <button type="submit" name="outcome" value="fail">Fail</button>
</form>
</body>
</html>
`;
}
