import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useState, type DragEvent } from 'react';
import { invoicingTexts } from '../invoice-rules';

export type SplitCaseItem = { caseMkey: string; jobTypeName: string; amount: string };
export type SplitFixedItem = { key: string; description: string; amount: string };

type SplitListProps = {
  title: string;
  /** 'first' stays on the invoice; 'second' moves to the new one. */
  side: 'first' | 'second';
  cases: readonly SplitCaseItem[];
  fixedItems?: readonly SplitFixedItem[];
  moveLabel: (caseMkey: string) => string;
  /** A case moves to the other list (dropped here from there, or its move button). */
  onMove: (caseMkey: string) => void;
  /** Whether a dragged case comes from the other list. */
  isFromOtherList: (caseMkey: string) => boolean;
};

const dragType = 'text/plain';

/**
 * One of the split dialog's two lists. Cases move by native drag and drop or by their move button (the
 * keyboard's way); fixed items are listed where they stay and cannot be dragged (§5).
 */
export const SplitList = ({
  title,
  side,
  cases,
  fixedItems = [],
  moveLabel,
  onMove,
  isFromOtherList,
}: SplitListProps) => {
  const [isOver, setIsOver] = useState(false);

  const handleDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setIsOver(true);
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const caseMkey = event.dataTransfer.getData(dragType);
    if (caseMkey && isFromOtherList(caseMkey)) onMove(caseMkey);
  };

  const isEmpty = cases.length === 0 && fixedItems.length === 0;
  return (
    <Paper
      variant="outlined"
      onDragOver={handleDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      sx={{
        height: '100%',
        minHeight: 220,
        p: 1,
        borderStyle: isOver ? 'dashed' : 'solid',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'background.paper',
      }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ px: 1, pt: 0.5 }}>
        {title}
      </Typography>
      <List dense aria-label={title}>
        {cases.map((item) => (
          <ListItem
            key={item.caseMkey}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(dragType, item.caseMkey);
              event.dataTransfer.effectAllowed = 'move';
            }}
            sx={{ cursor: 'grab', borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
            secondaryAction={
              <Tooltip title={moveLabel(item.caseMkey)}>
                <IconButton
                  edge="end"
                  aria-label={moveLabel(item.caseMkey)}
                  onClick={() => onMove(item.caseMkey)}
                >
                  {side === 'first' ? (
                    <ArrowForwardIcon fontSize="small" />
                  ) : (
                    <ArrowBackIcon fontSize="small" />
                  )}
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <DragIndicatorIcon fontSize="small" color="action" />
            </ListItemIcon>
            <ListItemText primary={`${item.caseMkey} · ${item.jobTypeName}`} secondary={item.amount} />
          </ListItem>
        ))}
        {fixedItems.map((item) => (
          <ListItem key={item.key} aria-disabled="true" sx={{ color: 'text.secondary' }}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <LockOutlinedIcon fontSize="small" color="disabled" />
            </ListItemIcon>
            <ListItemText
              primary={item.description}
              secondary={`${item.amount} · ${invoicingTexts.fixedItem}`}
            />
          </ListItem>
        ))}
      </List>
      {isEmpty && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          Drag cases here
        </Typography>
      )}
    </Paper>
  );
};
