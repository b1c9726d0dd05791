import { isFdiTooth, orderMessages, type DeskOrder, type Dentate, type OrderingPlatform } from '@lab/domain';

// The New Order form as the front desk fills it, and the order it sends. Teeth are typed as a paper
// prescription lists them ("13 14 16" or "13, 14, 16"); every implant of a component sits on one platform
// (a bridge's implants are one system), so a component names its implant teeth and that platform.
// What the form can tell before sending it tells, field by field, in the server's words.

export type ComponentDraft = {
  job_type: string;
  dentate: Dentate;
  teeth: string;
  implant_teeth: string;
  implant_platform: string;
};

export type ClientDraft =
  | { kind: 'existing'; id: number; name: string; country: string }
  | { kind: 'new'; name: string; country: string; email: string };

export type FileDraft = { file: File; component: number | null };

export type OrderDraft = {
  client: ClientDraft | null;
  patient_reference: string;
  ordering_platform: OrderingPlatform;
  /** The prescription's shade and material, kept in the order form as a platform's are. */
  shade: string;
  material: string;
  components: ComponentDraft[];
  files: FileDraft[];
};

export const emptyComponent = (): ComponentDraft => ({
  job_type: '',
  dentate: 'UPPER',
  teeth: '',
  implant_teeth: '',
  implant_platform: '',
});

export const emptyOrderDraft = (): OrderDraft => ({
  client: null,
  patient_reference: '',
  ordering_platform: 'oep',
  shade: '',
  material: '',
  components: [emptyComponent()],
  files: [],
});

export const deskOrderTexts = {
  patientReferenceRequired: 'Give the patient reference',
  jobTypeRequired: 'Choose the job type',
  implantPlatformRequired: 'Choose the implant platform',
  implantNotInTeeth: 'Each implant tooth must be among the component’s teeth',
} as const;

/** The teeth typed, or the first part that is no FDI tooth. */
export const parseTeeth = (text: string): { teeth: number[] } | { error: string } => {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  const teeth: number[] = [];
  for (const part of parts) {
    const tooth = Number(part);
    if (!/^\d{2}$/.test(part) || !isFdiTooth(tooth)) return { error: orderMessages.toothNotFdi };
    if (!teeth.includes(tooth)) teeth.push(tooth);
  }
  return { teeth };
};

const clientOf = (client: ClientDraft | null): DeskOrder['client'] | null => {
  if (client === null) return null;
  if (client.kind === 'existing') return { client_id: client.id };
  const name = client.name.trim();
  const country = client.country.trim();
  if (name === '' || !/^[A-Za-z]{2}$/.test(country)) return null;
  const email = client.email.trim();
  return { name, country: country.toUpperCase(), ...(email === '' ? {} : { email }) };
};

/** The order to send, or every field the desk must still fix (keys as the form's fields). */
export const draftToOrder = (
  draft: OrderDraft,
  branchName: string | null,
): { order: DeskOrder } | { errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const client = clientOf(draft.client);
  if (client === null) errors.client = orderMessages.deskClientNeeded;
  const patientReference = draft.patient_reference.trim();
  if (patientReference === '') errors.patient_reference = deskOrderTexts.patientReferenceRequired;
  const cases = draft.components.map((component, index) => {
    if (component.job_type === '') errors[`cases.${index}.job_type`] = deskOrderTexts.jobTypeRequired;
    const teeth = parseTeeth(component.teeth);
    if ('error' in teeth) errors[`cases.${index}.teeth`] = teeth.error;
    const implantTeeth = parseTeeth(component.implant_teeth);
    if ('error' in implantTeeth) errors[`cases.${index}.implant_teeth`] = implantTeeth.error;
    const chosenTeeth = 'teeth' in teeth ? teeth.teeth : [];
    const onImplants = 'teeth' in implantTeeth ? implantTeeth.teeth : [];
    if (onImplants.some((tooth) => !chosenTeeth.includes(tooth)))
      errors[`cases.${index}.implant_teeth`] = deskOrderTexts.implantNotInTeeth;
    if (onImplants.length > 0 && component.implant_platform === '')
      errors[`cases.${index}.implant_platform`] = deskOrderTexts.implantPlatformRequired;
    return {
      job_type: component.job_type,
      dentate: component.dentate,
      teeth: chosenTeeth,
      implants: onImplants.map((tooth) => ({ tooth, platform: component.implant_platform })),
      files: draft.files.filter((f) => f.component === index).map((f) => f.file.name),
    };
  });
  const names = new Set<string>();
  draft.files.forEach(({ file }, index) => {
    if (names.has(file.name)) errors[`files.${index}`] = orderMessages.duplicateFile;
    names.add(file.name);
  });
  if (Object.keys(errors).length > 0 || client === null) return { errors };
  return {
    order: {
      client,
      patient_reference: patientReference,
      ordering_platform: draft.ordering_platform,
      ...(branchName === null ? {} : { fulfillment_branch: branchName }),
      cases,
      order_form: Object.fromEntries(
        (['shade', 'material'] as const)
          .map((field) => [field, draft[field].trim()] as const)
          .filter(([, value]) => value !== ''),
      ),
      files: draft.files.map(({ file }) => ({ file_name: file.name })),
    },
  };
};
