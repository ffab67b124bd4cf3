"""Game records as JSON and back, kept importable here: the codec lives on the records
floor (:mod:`zerosum.records.codec`), beside the record it writes."""

from ..records.codec import Opaque, decode, encode, record_from_dict, record_to_dict

__all__ = ["Opaque", "encode", "decode", "record_to_dict", "record_from_dict"]
