from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_status import AccountStatus
from ..models.account_type import AccountType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.account_balance import AccountBalance
  from ..models.account_onboarding import AccountOnboarding
  from ..models.account_view_metadata import AccountViewMetadata





T = TypeVar("T", bound="AccountView")



@_attrs_define
class AccountView:
    """ 
        Attributes:
            application_fee_bps (int): The default application fee of the account's intents, in basis points.
            balances (list[AccountBalance]): The customer organisation's balances by currency; always empty once
                the account is detached (the money is the customer's business then).
            business_name (str):
            country (str):
            created_at (str):
            email (str):
            id (str): `acct_...`
            kyb_status (str): Business verification: `none` (no verification is run yet).
            kyc_status (str):
            livemode (bool):
            metadata (AccountViewMetadata):
            object_ (str): Always `account`.
            onboarding (AccountOnboarding):
            organisation_id (str): The customer's organisation: the merchant of record.
            status (AccountStatus):
            type_ (AccountType): What the customer is (origin section 26).
            updated_at (str):
            detached_at (None | str | Unset):
            phone (None | str | Unset):
     """

    application_fee_bps: int
    balances: list[AccountBalance]
    business_name: str
    country: str
    created_at: str
    email: str
    id: str
    kyb_status: str
    kyc_status: str
    livemode: bool
    metadata: AccountViewMetadata
    object_: str
    onboarding: AccountOnboarding
    organisation_id: str
    status: AccountStatus
    type_: AccountType
    updated_at: str
    detached_at: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_balance import AccountBalance # noqa: PLC0415
        from ..models.account_onboarding import AccountOnboarding # noqa: PLC0415
        from ..models.account_view_metadata import AccountViewMetadata # noqa: PLC0415
        application_fee_bps = self.application_fee_bps

        balances = []
        for balances_item_data in self.balances:
            balances_item = balances_item_data.to_dict()
            balances.append(balances_item)



        business_name = self.business_name

        country = self.country

        created_at = self.created_at

        email = self.email

        id = self.id

        kyb_status = self.kyb_status

        kyc_status = self.kyc_status

        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        onboarding = self.onboarding.to_dict()

        organisation_id = self.organisation_id

        status = self.status.value

        type_ = self.type_.value

        updated_at = self.updated_at

        detached_at: None | str | Unset
        if isinstance(self.detached_at, Unset):
            detached_at = UNSET
        else:
            detached_at = self.detached_at

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "application_fee_bps": application_fee_bps,
            "balances": balances,
            "business_name": business_name,
            "country": country,
            "created_at": created_at,
            "email": email,
            "id": id,
            "kyb_status": kyb_status,
            "kyc_status": kyc_status,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "onboarding": onboarding,
            "organisation_id": organisation_id,
            "status": status,
            "type": type_,
            "updated_at": updated_at,
        })
        if detached_at is not UNSET:
            field_dict["detached_at"] = detached_at
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_balance import AccountBalance # noqa: PLC0415
        from ..models.account_onboarding import AccountOnboarding # noqa: PLC0415
        from ..models.account_view_metadata import AccountViewMetadata # noqa: PLC0415
        d = dict(src_dict)
        application_fee_bps = d.pop("application_fee_bps")

        balances = []
        _balances = d.pop("balances")
        for balances_item_data in (_balances):
            balances_item = AccountBalance.from_dict(balances_item_data)



            balances.append(balances_item)


        business_name = d.pop("business_name")

        country = d.pop("country")

        created_at = d.pop("created_at")

        email = d.pop("email")

        id = d.pop("id")

        kyb_status = d.pop("kyb_status")

        kyc_status = d.pop("kyc_status")

        livemode = d.pop("livemode")

        metadata = AccountViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        onboarding = AccountOnboarding.from_dict(d.pop("onboarding"))




        organisation_id = d.pop("organisation_id")

        status = AccountStatus(d.pop("status"))




        type_ = AccountType(d.pop("type"))




        updated_at = d.pop("updated_at")

        def _parse_detached_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detached_at = _parse_detached_at(d.pop("detached_at", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        account_view = cls(
            application_fee_bps=application_fee_bps,
            balances=balances,
            business_name=business_name,
            country=country,
            created_at=created_at,
            email=email,
            id=id,
            kyb_status=kyb_status,
            kyc_status=kyc_status,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            onboarding=onboarding,
            organisation_id=organisation_id,
            status=status,
            type_=type_,
            updated_at=updated_at,
            detached_at=detached_at,
            phone=phone,
        )


        account_view.additional_properties = d
        return account_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
