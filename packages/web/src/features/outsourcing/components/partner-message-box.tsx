import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useState, type FormEvent } from 'react';
import { outsourceMessages } from '@lab/domain';
import { useSendOutsourceMessage } from '../api/send-outsource-message';
import { readServerError } from '../server-errors';

type PartnerMessageBoxProps = {
  collectionUid: string;
  caseId: number;
  outsourceId: number;
};

const messageField = new Set(['message']);

/** 'Message partner': a message to the job's partner (send_outsource_message; 'Cannot be blank'). */
export const PartnerMessageBox = ({ collectionUid, caseId, outsourceId }: PartnerMessageBoxProps) => {
  const send = useSendOutsourceMessage(collectionUid, caseId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);

  const handleSend = async (event: FormEvent) => {
    event.preventDefault();
    setIsSent(false);
    if (!text.trim()) {
      setError(outsourceMessages.blank);
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ outsource_id: outsourceId, message: text });
      setText('');
      setIsSent(true);
    } catch (failure) {
      const { fields, message } = readServerError(failure, messageField);
      setError(fields[0]?.[1] ?? message);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event: FormEvent) => void handleSend(event)}
    >
      <TextField
        fullWidth
        multiline
        minRows={1}
        size="small"
        label="Message partner"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsSent(false);
        }}
        error={error !== null}
        helperText={error ?? (isSent ? 'Message sent' : undefined)}
      />
      <Button type="submit" variant="outlined" endIcon={<SendIcon />} disabled={send.isPending}>
        Send
      </Button>
    </Stack>
  );
};
