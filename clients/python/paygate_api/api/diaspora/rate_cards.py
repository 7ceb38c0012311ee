from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.rate_card_list import RateCardList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    livemode: bool | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["livemode"] = livemode


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/diaspora/rate-cards",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | RateCardList | None:
    if response.status_code == 200:
        response_200 = RateCardList.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | RateCardList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    livemode: bool | Unset = UNSET,

) -> Response[ErrorBody | RateCardList]:
    """ The live rate card of every diaspora corridor, signed with the platform key (public).

    Args:
        livemode (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RateCardList]
     """


    kwargs = _get_kwargs(
        livemode=livemode,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    livemode: bool | Unset = UNSET,

) -> ErrorBody | RateCardList | None:
    """ The live rate card of every diaspora corridor, signed with the platform key (public).

    Args:
        livemode (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RateCardList
     """


    return sync_detailed(
        client=client,
livemode=livemode,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    livemode: bool | Unset = UNSET,

) -> Response[ErrorBody | RateCardList]:
    """ The live rate card of every diaspora corridor, signed with the platform key (public).

    Args:
        livemode (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RateCardList]
     """


    kwargs = _get_kwargs(
        livemode=livemode,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    livemode: bool | Unset = UNSET,

) -> ErrorBody | RateCardList | None:
    """ The live rate card of every diaspora corridor, signed with the platform key (public).

    Args:
        livemode (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RateCardList
     """


    return (await asyncio_detailed(
        client=client,
livemode=livemode,

    )).parsed
