# The floor `insights --from FILE.csv` is measured against: one pass of Python's csv module over
# the same export, counting what `boxoffice insights` counts (src/insights/figures.ts): orders as
# runs of one order number, attendees, revenue per day and per ticket (an order's cost shared
# among its rows), orders per city, cancelled and checked-in attendees, and the answers to each
# question. Prints the totals as JSON, for the benchmark to compare with the CLI's.
#   python3 insights-floor.py FILE.csv
import csv
import json
import sys

FIXED = {
    'orderNo', 'purchaseDate', 'buyerName', 'buyerEmail', 'phoneNo', 'city', 'ticketId', 'ticketName',
    'ticketNo', 'attendeeName', 'attendeeEmail', 'checkin', 'attendeeStatus', 'orderCost',
}
FORMULA_STARTS = set('=+-@\t\r')
CANCELLED = {'cancelled', 'lcancelled'}
NOT_CHECKED_IN = {'', 'no', '0', 'false', 'n'}
MAX_DISTINCT_ANSWERS = 12


def restore(cell):
    return cell[1:] if cell[:1] == "'" and cell[1:2] in FORMULA_STARTS and len(cell) > 1 else cell


def main(path):
    with open(path, newline='', encoding='utf-8-sig') as file:
        rows = csv.reader(file)
        header = [restore(name) for name in next(rows)]
        column = {name: index for index, name in enumerate(header)}
        order_no, date, city, ticket_name, ticket_id = (column[name] for name in ('orderNo', 'purchaseDate', 'city', 'ticketName', 'ticketId'))
        status, checkin, cost_column = column['attendeeStatus'], column['checkin'], column['orderCost']
        questions = [(index, name) for index, name in enumerate(header) if name not in FIXED]
        tallies = {name: [0, {}] for _, name in questions}
        days, tickets, cities = {}, {}, {}
        orders = attendees = cancelled = checked_in = 0
        revenue = 0.0
        last_order, open_cost, open_tickets = None, 0.0, []

        def close_order():
            if open_tickets:
                share = open_cost / len(open_tickets)
                for ticket in open_tickets:
                    tickets[ticket][1] += share

        for row in rows:
            row = [restore(cell) for cell in row]
            ticket = row[ticket_name] or row[ticket_id] or '(unnamed ticket)'
            if row[order_no] != last_order:
                close_order()
                try:
                    open_cost = float(row[cost_column])
                except ValueError:
                    open_cost = 0.0
                day = days.setdefault(row[date][:10], [0, 0, 0.0])
                day[0] += 1
                day[2] += open_cost
                revenue += open_cost
                place = row[city].strip()
                cities[place] = cities.get(place, 0) + 1
                orders += 1
                last_order, open_tickets = row[order_no], []
            attendees += 1
            day[1] += 1
            open_tickets.append(ticket)
            tickets.setdefault(ticket, [0, 0.0])[0] += 1
            if row[status].strip().lower() in CANCELLED:
                cancelled += 1
            if row[checkin].strip().lower() not in NOT_CHECKED_IN:
                checked_in += 1
            for index, name in questions:
                answer = row[index].strip() if index < len(row) else ''
                if answer == '':
                    continue
                tally = tallies[name]
                tally[0] += 1
                if tally[1] is not None:
                    tally[1][answer] = tally[1].get(answer, 0) + 1
                    if len(tally[1]) > MAX_DISTINCT_ANSWERS:
                        tally[1] = None
        close_order()
    print(json.dumps({
        'orders': orders, 'attendees': attendees, 'revenue': round(revenue, 2), 'cancelled': cancelled,
        'checkedIn': checked_in, 'days': len(days), 'tickets': len(tickets), 'cities': len(cities),
        'answered': {name: tally[0] for name, tally in tallies.items()},
    }))


main(sys.argv[1])
