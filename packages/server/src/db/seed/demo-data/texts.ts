import type { MessageTypeCode } from '@lab/domain';

// What people in a lab actually write, per message type. {tooth}, {platform}, {client} and {job} are
// filled in by the generator.

export const noteTexts: Partial<Record<MessageTypeCode, string[]>> = {
  CASE_NOTE: [
    'Scan bodies look seated on all positions, good to proceed.',
    'Client called — patient surgery moved, please keep the promised date.',
    'Received models and bite in a separate box, stored with the case.',
    'Lower scan has some distortion distal to {tooth}; used the gauge data instead.',
    'Confirmed shade A2 with the clinic by phone.',
    'Patient has bruxism; consider a nightguard with the final.',
  ],
  DESIGN_MESSAGE: [
    'Please check screw channel at {tooth} — client wants it out of the incisal edge.',
    'Can you prioritise this one? Try-in appointment is booked for Thursday.',
    'Use the {platform} library v3, the old one has the wrong ti-base height.',
    'Client asked for a flatter occlusal table on the posteriors.',
    'Gingiva needs more pink at the anterior segment, see photos in files.',
  ],
  PRODUCTION_MESSAGE: [
    'Batch needs to go on the 550i — titanium blank ordered.',
    'Nest this with the other {platform} cases if possible.',
    'Re-mill: chipped margin at {tooth} after sintering.',
    'Please run the passive-fit check before it leaves production.',
  ],
  LAB_MESSAGE: [
    'High polish on the intaglio please, client is fussy about plaque traps.',
    'Check screw access hole at {tooth} is clear before packing.',
    'Ready for photos once the glaze is done.',
  ],
  ALERTING_MESSAGE: [
    'HOLD: waiting on payment confirmation before dispatch.',
    'Wrong scan body recorded on the order form — confirm with the clinic before design.',
    'Patient allergic to nickel — no CoCr for this case.',
    'Implant at {tooth} reported as {platform} but scan shows a different connection. Check before design!',
  ],
  SPECIAL_REQUEST: [
    'Please include a duplicate of the final in PMMA.',
    'Send the case in the blue box, the clinic re-uses them.',
    'Dr requests a call before any design changes.',
    'Ship to the surgery at the other address this time.',
  ],
  DISPATCH_NOTE: [
    'Sent with overnight express, tracking emailed to the clinic.',
    'Screws packed separately in the labelled bag.',
    'Left with reception, signed by practice manager.',
  ],
  PAYMENT_NOTE: [
    'Paid by card over the phone, receipt emailed.',
    'Account on hold — do not dispatch until cleared by accounts.',
    'Part-payment received, balance due on delivery.',
  ],
  CUSTOMER_SERVICE_NOTE: [
    'Clinic complained about delivery time; offered express shipping on the remake.',
    'Follow up with the clinic about the missing bite registration.',
    'Client asked for an invoice copy for their accountant.',
  ],
  SALES_MESSAGE: [
    'New clinic — first order, please give it extra attention.',
    'Client interested in the All-on-4 pricing kit, sales to follow up.',
    'Discussed volume pricing for next quarter.',
  ],
  CUSTOMER_SCAN_ADVICE: [
    'Please rescan the lower arch: the scan body at {tooth} is not fully seated.',
    'We need a bite scan with the scan bodies removed.',
    'The upper scan is missing the palate — please rescan including it.',
  ],
  CLIENT_MESSAGE: [
    'Hi, could you confirm when this case will be dispatched?',
    'Patient appointment is on Friday — will it arrive in time?',
    'Please see the attached photos of the try-in.',
    'Thanks, the fit was perfect.',
    'Can we change the shade to A1?',
  ],
  OUTSOURCE_MESSAGE: [
    'Please design per the attached prescription; screw channels lingual where possible.',
    'Rush: the patient is booked for next Tuesday.',
  ],
};

export const staffReplies = [
  'Hi, we will have it dispatched by {due}.',
  'Thanks — noted on the case. We will update you once design is approved.',
  'We have received your files and the case is in design.',
  'Shade changed to A1 as requested.',
];

export const changeRequests = [
  'Please make the teeth slightly longer at the front and reduce the pink.',
  'Midline is shifted to the left, please correct.',
  'Can the screw hole at the canine come out more palatally?',
  'Patient wants whiter teeth — BL2 please.',
];

export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
