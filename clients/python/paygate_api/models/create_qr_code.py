from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_qr_code_currency import CreateQrCodeCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_qr_code_metadata_type_0 import CreateQrCodeMetadataType0





T = TypeVar("T", bound="CreateQrCode")



@_attrs_define
class CreateQrCode:
    """ 
        Attributes:
            currency (CreateQrCodeCurrency):
            amount_minor (int | None | Unset): A fixed amount in minor units; absent, the payer enters it.
            description (None | str | Unset):
            location (None | str | Unset): A location's code (its city, country, MCC and name are printed in the payload).
            mcc (None | str | Unset): Merchant category code; default the location's, else 5999.
            metadata (CreateQrCodeMetadataType0 | None | Unset):
            reference (None | str | Unset): Printed as the reference label (EMVCo 62/05): printable ASCII.
            terminal (None | str | Unset): A terminal's code (implies its location).
     """

    currency: CreateQrCodeCurrency
    amount_minor: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    location: None | str | Unset = UNSET
    mcc: None | str | Unset = UNSET
    metadata: CreateQrCodeMetadataType0 | None | Unset = UNSET
    reference: None | str | Unset = UNSET
    terminal: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_qr_code_metadata_type_0 import CreateQrCodeMetadataType0 # noqa: PLC0415
        currency = self.currency.value

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        mcc: None | str | Unset
        if isinstance(self.mcc, Unset):
            mcc = UNSET
        else:
            mcc = self.mcc

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateQrCodeMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        terminal: None | str | Unset
        if isinstance(self.terminal, Unset):
            terminal = UNSET
        else:
            terminal = self.terminal


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "currency": currency,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if description is not UNSET:
            field_dict["description"] = description
        if location is not UNSET:
            field_dict["location"] = location
        if mcc is not UNSET:
            field_dict["mcc"] = mcc
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if reference is not UNSET:
            field_dict["reference"] = reference
        if terminal is not UNSET:
            field_dict["terminal"] = terminal

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_qr_code_metadata_type_0 import CreateQrCodeMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        currency = CreateQrCodeCurrency(d.pop("currency"))




        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))


        def _parse_mcc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mcc = _parse_mcc(d.pop("mcc", UNSET))


        def _parse_metadata(data: object) -> CreateQrCodeMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateQrCodeMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateQrCodeMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_terminal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminal = _parse_terminal(d.pop("terminal", UNSET))


        create_qr_code = cls(
            currency=currency,
            amount_minor=amount_minor,
            description=description,
            location=location,
            mcc=mcc,
            metadata=metadata,
            reference=reference,
            terminal=terminal,
        )

        return create_qr_code

